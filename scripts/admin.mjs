// Makes an existing account an admin, who grants and revokes staff access in /admin:
// `npm run staff:admin -- ada@example.com` (add --remote to change the deployed database).
import { spawnSync } from 'node:child_process'

const [email, flag] = process.argv.slice(2)
if (!email || !/^[^@\s'"]+@[^@\s'"]+$/.test(email)) {
  console.error('usage: npm run staff:admin -- <e-mail of an existing account> [--remote]')
  process.exit(2)
}
const sql = `UPDATE users SET roles = json_insert(roles, '$[#]', 'admin')
  WHERE email = '${email}' COLLATE NOCASE AND NOT EXISTS (SELECT 1 FROM json_each(users.roles) WHERE value = 'admin')`
const env = { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const where = flag === '--remote' ? '--remote' : '--local'
const result = spawnSync('wrangler', ['d1', 'execute', 'DB', where, '--command', sql], { env, stdio: 'inherit' })
process.exit(result.status ?? 1)
