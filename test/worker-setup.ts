import { applyD1Migrations, env } from 'cloudflare:test'
import { splitSqlStatements } from '../src/store/sql'

// Runs before each worker test file: the same migrations and seed as `npm start`.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
await env.DB.batch(splitSqlStatements(env.TEST_SEED).map((sql) => env.DB.prepare(sql)))
