import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { PageError, type PageErrorText } from '../../routes/route'
import { ApiProblem } from '../api/errors'
import { constantTimeEqual, randomToken, sign } from '../auth/crypto'
import { formBody } from '../form-body'
import type { AppEnv } from '../types'
import { isForeignRequest } from './same-origin'

/** HttpOnly, Secure, host-only cookie holding the visitor's random anti-forgery seed. */
export const CSRF_COOKIE = '__Host-csrf'
/** The header the client fetch wrapper sends the token in. */
export const CSRF_HEADER = 'x-csrf-token'
/** The form field that may carry the token when a form is posted to the API. */
export const CSRF_FIELD = '_csrf'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The token for a seed: HMAC-SHA-256(secret, seed), so only this server can mint a valid pair. */
export function tokenFor(seed: string, secret: string): Promise<string> {
  return sign(secret, 'csrf', seed)
}

/**
 * The visitor's anti-forgery token for the API (`GET /api/csrf`, fetched by the client fetch wrapper when a
 * script first needs it), setting the seed cookie first when there is none. Pages never call this: their forms
 * are checked by origin (docs/forgery.md), so that no page's GET sets a cookie.
 */
export async function issueCsrfToken(c: Context<AppEnv>): Promise<string> {
  // The token is this visitor's: a page that carries it must never be served to anyone else from a cache.
  c.set('personal', true)
  let seed = getCookie(c, CSRF_COOKIE)
  if (!seed || !/^[A-Za-z0-9_-]{43}$/.test(seed)) {
    seed = randomToken(32)
    setCookie(c, CSRF_COOKIE, seed, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/' })
  }
  return tokenFor(seed, c.get('config').APP_SECRET)
}

async function submittedToken(c: Context<AppEnv>): Promise<string | undefined> {
  const header = c.req.header(CSRF_HEADER)
  if (header) return header
  if (isFormPost(c)) {
    const field = (await formBody(c))[CSRF_FIELD]
    return typeof field === 'string' ? field : undefined
  }
  return undefined
}

/**
 * A page's form refused by the anti-forgery check (a post from another site, or without the origin headers): the
 * visitor gets the error page in their language, "Your session has expired. Please reload the page and try again.",
 * or what the page names instead (`PageRoute.refusedPost`), not the API's JSON.
 */
export const forgedForm = (text: PageErrorText = { message: 'api.error.csrf' }) =>
  new PageError('unexpected', 403, text)

/**
 * Refuses every state-changing request (anything but GET/HEAD/OPTIONS) whose token does not match the visitor's
 * seed cookie, or that the browser says comes from another site (`isForeignRequest`): 403, with the reason in the
 * visitor's language: as JSON to a script, and as the error page (`forgedForm`) to a form a browser posted outside
 * the API.
 */
export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const seed = getCookie(c, CSRF_COOKIE)
    const token = await submittedToken(c)
    const valid =
      !isForeignRequest(c) &&
      seed !== undefined &&
      token !== undefined &&
      constantTimeEqual(token, await tokenFor(seed, c.get('config').APP_SECRET))
    if (valid) return next()
    if (isFormPost(c) && !c.req.path.startsWith('/api/')) throw forgedForm()
    throw new ApiProblem(403, 'csrf', 'api.error.csrf')
  }
}

function isFormPost(c: Context<AppEnv>): boolean {
  const type = c.req.header('content-type') ?? ''
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
}
