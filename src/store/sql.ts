/**
 * Splits a SQL file into statements at semicolons that end a line, dropping `--` comment lines.
 * Enough for our own migrations and seed files, which keep one statement per `;`-terminated block.
 */
export function splitSqlStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0)
}
