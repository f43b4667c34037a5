// Runs one UPDATE … RETURNING against the local or (--remote) deployed D1 and answers the rows it changed: local D1
// reports no change count, so the statement returns what it changed.
import { spawnSync } from 'node:child_process'

/** @param {string} sql @param {string | undefined} flag @returns {unknown[]} */
export function d1Update(sql, flag) {
  const env = { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
  const where = flag === '--remote' ? '--remote' : '--local'
  const result = spawnSync('wrangler', ['d1', 'execute', 'DB', where, '--json', '--command', sql], {
    env,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    process.stderr.write(result.stderr)
    process.exit(result.status ?? 1)
  }
  return JSON.parse(result.stdout)[0]?.results ?? []
}
