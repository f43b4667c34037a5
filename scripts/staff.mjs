// Makes an existing account staff of one country: `npm run staff:grant -- ada@example.com NO`
// (add --remote to change the deployed database). Staff see /{country}/staff.
import { spawnSync } from 'node:child_process'

const [email, country, flag] = process.argv.slice(2)
const countries = ['NO', 'SE', 'DK', 'NL', 'DE', 'FR', 'BE', 'TH', 'IS', 'LU', 'AT']
if (!email || !/^[^@\s'"]+@[^@\s'"]+$/.test(email) || !countries.includes(country ?? '')) {
  console.error(`usage: npm run staff:grant -- <e-mail of an existing account> <${countries.join('|')}> [--remote]`)
  process.exit(2)
}
const sql = `UPDATE users SET roles = '["staff"]', staff_country = '${country}' WHERE email = '${email}' COLLATE NOCASE`
const env = { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const where = flag === '--remote' ? '--remote' : '--local'
const result = spawnSync('wrangler', ['d1', 'execute', 'DB', where, '--command', sql], { env, stdio: 'inherit' })
process.exit(result.status ?? 1)
