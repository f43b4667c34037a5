/** React DOM edge server renderer source with string pieces encoded in batches (react-string-chunks.mjs). */
export function stringChunks(code: string): string
