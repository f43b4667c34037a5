import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { randomToken, sha256 } from './crypto'
import { ACCOUNT_LIMITS, deliver, overLimit, publicOrigin } from './recovery'

/** An e-mail confirmation link works once, within a day of being sent. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000

interface Account {
  id: string
  name: string
  email: string
}

async function newLink(c: Context<AppEnv>, confirmPath: string) {
  const token = randomToken(32)
  return {
    token,
    tokenHash: await sha256(token),
    link: `${publicOrigin(c)}${confirmPath}?token=${encodeURIComponent(token)}`,
  }
}

/**
 * E-mails the link that confirms a new account's address. Throttled per account (a resend from the profile counts as
 * much as a password guess).
 */
export async function sendSignUpConfirmation(
  c: Context<AppEnv>,
  account: Account,
  input: { locale: string; confirmPath: string },
  now = new Date(),
): Promise<'sent' | 'throttled'> {
  const throttled = await overLimit(
    c,
    [{ key: `confirm:account:${account.id}`, limit: ACCOUNT_LIMITS.resetPerAddress }],
    now,
  )
  if (throttled) return 'throttled'
  const { tokenHash, link } = await newLink(c, input.confirmPath)
  const ids = await c.get('store').credentials.createEmailConfirmation({
    userId: account.id,
    purpose: 'signUp',
    email: account.email,
    tokenHash,
    now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    mails: [
      { kind: 'confirmEmail', locale: input.locale, recipient: account.email, payload: { name: account.name, link } },
    ],
  })
  deliver(c, ids)
  return 'sent'
}

/**
 * A signed-in customer's new e-mail address: a link goes to the new address (the address changes only once it is
 * opened) and a notice to the old one. The answer does not depend on whether the new address has an account: a taken
 * address is only refused when the link is used, by whoever holds that mailbox.
 */
export async function requestEmailChange(
  c: Context<AppEnv>,
  userId: string,
  input: { email: string; locale: string; confirmPath: string },
  now = new Date(),
): Promise<'sent' | 'throttled' | 'signedOut'> {
  const throttled = await overLimit(
    c,
    [
      { key: `email-change:account:${userId}`, limit: ACCOUNT_LIMITS.resetPerAddress },
      { key: `account:client:${c.req.header('cf-connecting-ip') ?? 'local'}`, limit: ACCOUNT_LIMITS.perClient },
    ],
    now,
  )
  if (throttled) return 'throttled'
  const account = await c.get('store').accounts.findUserById(userId)
  if (!account) return 'signedOut'
  const { tokenHash, link } = await newLink(c, input.confirmPath)
  const ids = await c.get('store').credentials.createEmailConfirmation({
    userId,
    purpose: 'change',
    email: input.email,
    tokenHash,
    now,
    expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS),
    mails: [
      {
        kind: 'emailChangeConfirm',
        locale: input.locale,
        recipient: input.email,
        payload: { name: account.name, link },
      },
      {
        kind: 'emailChangeNotice',
        locale: input.locale,
        recipient: account.email,
        payload: { name: account.name, newEmail: input.email },
      },
    ],
  })
  deliver(c, ids)
  return 'sent'
}

/** Whether an e-mail confirmation link can still be used. */
export async function emailConfirmationOpen(c: Context<AppEnv>, token: string, now = new Date()): Promise<boolean> {
  if (!token) return false
  return c.get('store').credentials.emailConfirmationOpen(await sha256(token), now)
}

/** Uses an e-mail confirmation link (throttled per client). */
export async function confirmEmail(
  c: Context<AppEnv>,
  token: string,
  now = new Date(),
): Promise<'confirmed' | 'changed' | 'taken' | 'invalid' | 'throttled'> {
  const client = {
    key: `account:client:${c.req.header('cf-connecting-ip') ?? 'local'}`,
    limit: ACCOUNT_LIMITS.perClient,
  }
  if (await overLimit(c, [client], now)) return 'throttled'
  if (!token) return 'invalid'
  const { credentials } = c.get('store')
  return credentials.redeemEmailConfirmation(await sha256(token), now)
}
