// React DOM's edge server renderer (react-dom-server.edge.production.js, React 19) turns every string it writes into
// bytes at once: each attribute value, text and tag piece goes through `TextEncoder.encode` (a new Uint8Array, copied
// into a 4 kB view), and each finished part of the page adds up those arrays' sizes. A page is thousands of such
// pieces; in workerd each `encode` is a call into the runtime that
// allocates a buffer. The React floor of the bench, of the same size, is a few long texts.
//
// This keeps the renderer and its streaming as they are and changes only how pieces become bytes, as React's own
// Node stream config does with strings: pieces stay strings, are joined (V8 ropes) and encoded once per 4,096
// characters written or per flush. Everything React writes is text (its precomputed chunks are strings of its
// source), so the bytes on the wire are the same; test/react-string-chunks.test.ts renders through both, Suspense
// included, and compares them byte for byte.
//
// A finished part's size (React's heuristic for when to send a suspended boundary's content inline) is counted in
// UTF-16 code units: the same as bytes for ASCII, at most a third less for other text, and no pass over every
// character (counting UTF-8 bytes cost more than it saved). Why: decision 28.

/** Each replaced declaration of the module, found by its exact text; a React release that changes one fails the build. */
const REPLACEMENTS = [
  {
    name: 'writeChunk',
    find: /function writeChunk\(destination, chunk\) \{\n {2}if \(0 === chunk\.byteLength\) \{[\s\S]*?\n\}\nfunction writeChunkAndReturn/,
    replace:
      'function writeChunk(destination, chunk) {\n' +
      '  if ("string" !== typeof chunk) {\n' +
      '    completeWriting(destination);\n' +
      '    0 < chunk.byteLength && destination.enqueue(new Uint8Array(chunk));\n' +
      '    return;\n' +
      '  }\n' +
      '  pendingText += chunk;\n' +
      '  4096 <= pendingText.length && completeWriting(destination);\n' +
      '}\n' +
      'function writeChunkAndReturn',
  },
  {
    name: 'completeWriting',
    find: /function completeWriting\(destination\) \{\n {2}currentView &&\n[\s\S]*?\n\}\n/,
    replace:
      'function completeWriting(destination) {\n' +
      '  if (0 < pendingText.length) {\n' +
      '    var text = pendingText;\n' +
      '    pendingText = "";\n' +
      '    destination.enqueue(textEncoder.encode(text));\n' +
      '  }\n' +
      '}\n',
  },
  {
    name: 'stringToChunk',
    find: /function stringToChunk\(content\) \{\n {2}return textEncoder\.encode\(content\);\n\}\n/,
    replace: 'function stringToChunk(content) {\n  return content;\n}\n',
  },
  {
    name: 'stringToPrecomputedChunk',
    find: /function stringToPrecomputedChunk\(content\) \{\n {2}return textEncoder\.encode\(content\);\n\}\n/,
    replace: 'function stringToPrecomputedChunk(content) {\n  return content;\n}\n',
  },
  {
    name: 'byteLengthOfChunk',
    find: /function byteLengthOfChunk\(chunk\) \{\n {2}return chunk\.byteLength;\n\}\n/,
    replace:
      'var pendingText = "";\n' +
      'function byteLengthOfChunk(chunk) {\n' +
      '  return "string" === typeof chunk ? chunk.length : chunk.byteLength;\n' +
      '}\n',
  },
  {
    // Each flush starts from nothing, as React's own starts from a new view: text left by a flush that threw can never
    // reach another response (the isolate renders many requests; this state is the module's).
    name: 'flushCompletedQueues',
    find: /function flushCompletedQueues\(request, destination\) \{\n {2}currentView = new Uint8Array\(4096\);\n/,
    replace:
      'function flushCompletedQueues(request, destination) {\n  pendingText = "";\n  currentView = new Uint8Array(4096);\n',
  },
  {
    // A finished segment's size (Suspense outlining decisions) reads `byteLength` of its chunks directly.
    name: 'finishedSegment',
    find: /segmentByteSize \+= segment\[i\]\.byteLength;/,
    replace: 'segmentByteSize += byteLengthOfChunk(segment[i]);',
  },
]

/**
 * React DOM's edge server renderer with string pieces encoded once per ~4 kB instead of one by one.
 *
 * @param {string} code the source of react-dom/cjs/react-dom-server.edge.production.js
 * @returns {string}
 */
export function stringChunks(code) {
  let result = code
  for (const { name, find, replace } of REPLACEMENTS) {
    const matches = result.match(new RegExp(find.source, 'g'))
    if (matches?.length !== 1) {
      throw new Error(`react-string-chunks: ${name} found ${matches?.length ?? 0} times (React's source changed?)`)
    }
    result = result.replace(find, () => replace)
  }
  return result
}
