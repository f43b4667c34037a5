// Makes an existing account with a confirmed address staff of one country: `npm run staff:grant -- ada@example.com NO`
// (add --remote to change the deployed database). Staff see /{country}/staff.
import { d1Update } from './d1-update.mjs'

const [email, country, flag] = process.argv.slice(2)
const countries = ['NO', 'SE', 'DK', 'NL', 'DE', 'FR', 'BE', 'TH', 'IS', 'LU', 'AT']
if (!email || !/^[^@\s'"]+@[^@\s'"]+$/.test(email) || !countries.includes(country ?? '')) {
  console.error(`usage: npm run staff:grant -- <e-mail of an existing account> <${countries.join('|')}> [--remote]`)
  process.exit(2)
}
// Only an address its owner confirmed (the admin page's rule too): the UPDATE itself requires it.
const changed = d1Update(
  `UPDATE users SET roles = '["staff"]', staff_country = '${country}'
    WHERE email = '${email}' COLLATE NOCASE AND erased_at IS NULL AND email_confirmed_at IS NOT NULL
    RETURNING email`,
  flag,
)
if (changed.length === 0) {
  console.error(`No account with the confirmed address ${email}: nothing granted.`)
  process.exit(1)
}
console.log(`${email} is now staff of ${country}.`)
