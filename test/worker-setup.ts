import { applyD1Migrations, env } from 'cloudflare:test'
import { splitSqlStatements } from '../src/store/sql'

// Runs before each worker test file: the same migrations and seed (D1 and KV) as `npm start`.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
await env.DB.batch(splitSqlStatements(env.TEST_SEED).map((sql) => env.DB.prepare(sql)))
const content = JSON.parse(env.TEST_CONTENT) as { key: string; value: string }[]
await Promise.all(content.map((entry) => env.KV.put(entry.key, entry.value)))
