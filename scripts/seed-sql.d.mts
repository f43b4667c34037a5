/** SQL that upserts data/catalog, data/pricing and marketing facts into D1. */
export function dataSeedSql(root?: string): string
