// Creates, migrates and seeds the local D1 database; safe to run on every start (migrations are
// tracked, the seed is made of upserts). State lives in .wrangler/state and survives restarts.
import { spawnSync } from 'node:child_process'

const env = {
  ...process.env,
  CI: 'true', // never prompt
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
}

function wrangler(...args) {
  const result = spawnSync('wrangler', args, { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr)
    process.exit(result.status ?? 1)
  }
  return result.stdout
}

wrangler('d1', 'migrations', 'apply', 'DB', '--local')
wrangler('d1', 'execute', 'DB', '--local', '--file', 'data/seed.sql')
console.log('Local D1 migrated and seeded (.wrangler/state).')
