// Makes an existing account with a confirmed address an admin, who grants and revokes staff access in /admin:
// `npm run staff:admin -- ada@example.com` (add --remote to change the deployed database).
import { d1Update } from './d1-update.mjs'

const [email, flag] = process.argv.slice(2)
if (!email || !/^[^@\s'"]+@[^@\s'"]+$/.test(email)) {
  console.error('usage: npm run staff:admin -- <e-mail of an existing account> [--remote]')
  process.exit(2)
}
const changed = d1Update(
  `UPDATE users SET roles = json_insert(roles, '$[#]', 'admin')
    WHERE email = '${email}' COLLATE NOCASE AND erased_at IS NULL AND email_confirmed_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM json_each(users.roles) WHERE value = 'admin')
    RETURNING email`,
  flag,
)
if (changed.length === 0) {
  console.error(`No account with the confirmed address ${email} that is not an admin already: nothing changed.`)
  process.exit(1)
}
console.log(`${email} is now an admin.`)
