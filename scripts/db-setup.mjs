// Creates, migrates and seeds the local D1 database; safe to run on every start (migrations are
// tracked, the seed is made of upserts). State lives in .wrangler/state and survives restarts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contentSeedEntries } from './content-seed.mjs'
import { dataSeedSql } from './seed-sql.mjs'

// Local runs are development (dev mailbox, development secrets): wrangler.toml deploys production. `npm run serve`
// passes `--var ENVIRONMENT:development`; `.dev.vars` (git-ignored, never deployed) covers `vite dev`.
if (!existsSync('.dev.vars')) {
  writeFileSync(
    '.dev.vars',
    '# Local development only (git-ignored; a deployment never reads it).\nENVIRONMENT=development\nOFFICIAL_URL=http://localhost:8787\n',
  )
}

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

// PERSIST_TO keeps another local state (the browser tests and the bench use their own), and
// EXTRA_SQL applies fixtures after the seed.
const persist = process.env.PERSIST_TO ? ['--persist-to', process.env.PERSIST_TO] : []
wrangler('d1', 'migrations', 'apply', 'DB', '--local', ...persist)
wrangler('d1', 'execute', 'DB', '--local', ...persist, '--file', 'data/seed.sql')
// Catalog, price rules and marketing facts from data/catalog and data/pricing.
const dataSql = join(mkdtempSync(join(tmpdir(), 'p5-seed-')), 'data.sql')
writeFileSync(dataSql, dataSeedSql())
wrangler('d1', 'execute', 'DB', '--local', ...persist, '--file', dataSql)
// The legal documents (locales/content) go straight to KV, where the pages read them.
const contentJson = join(mkdtempSync(join(tmpdir(), 'p5-content-')), 'content.json')
writeFileSync(contentJson, JSON.stringify(contentSeedEntries()))
wrangler('kv', 'bulk', 'put', contentJson, '--binding', 'KV', '--local', ...persist)
if (process.env.EXTRA_SQL) wrangler('d1', 'execute', 'DB', '--local', ...persist, '--file', process.env.EXTRA_SQL)
console.log(`Local D1 migrated and seeded (${process.env.PERSIST_TO ?? '.wrangler/state'}).`)
