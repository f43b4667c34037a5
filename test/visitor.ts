import { exports } from 'cloudflare:workers'

const BASE = 'http://local.test'

/**
 * A browser-like visitor for worker tests: keeps cookies between requests, and posts forms the way a
 * browser without JavaScript does.
 *
 * @example
 * const ada = visitor()
 * await ada.signUp('/no', { name: 'Ada', email: 'ada@example.com', password: 'correct horse' })
 */
export function visitor(extraHeaders: Record<string, string> = {}) {
  const jar = new Map<string, string>()
  // Each visitor comes from its own address, as different people do (throttling is per client).
  const headers = { 'cf-connecting-ip': `198.51.100.${(ipCounter++ % 250) + 1}`, ...extraHeaders }

  function remember(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const [name = '', ...value] = pair.split('=')
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()))
      if (expired) jar.delete(name.trim())
      else jar.set(name.trim(), value.join('='))
    }
  }

  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await exports.default.fetch(
      new Request(`${BASE}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { ...headers, cookie: cookieHeader(), ...(init.headers as Record<string, string> | undefined) },
      }),
    )
    remember(res)
    return res
  }

  /**
   * Posts a form as a browser without JavaScript does from one of our pages: it opens the page first, then posts
   * with the origin headers every current browser sends (the page forms' anti-forgery check, no token).
   */
  async function postForm(path: string, fields: Record<string, string>, from = path): Promise<Response> {
    await (await request(from)).arrayBuffer()
    return request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: BASE,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams(fields).toString(),
    })
  }

  async function api(path: string, body: unknown = {}): Promise<Response> {
    if (!jar.has('__Host-csrf')) await request('/api/csrf')
    const { token } = (await (await request('/api/csrf')).json()) as { token: string }
    return request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(body),
    })
  }

  return {
    jar,
    request,
    postForm,
    api,
    signUp: (prefix: string, account: { name: string; email: string; password: string }) =>
      postForm(`${prefix}/auth`, { intent: 'signUp', ...account }),
    signIn: (prefix: string, credentials: { email: string; password: string }, frontRedirect = '') =>
      postForm(`${prefix}/auth`, { intent: 'signIn', frontRedirect, ...credentials }),
  }
}

let counter = 0
let ipCounter = 0
/** A fresh, unique e-mail address per call. */
export const uniqueEmail = (name = 'visitor') => `${name}.${Date.now()}.${counter++}@example.com`

/**
 * Page text as a reader sees it: the entities React writes (quotes, angle brackets, then ampersands, so that `&amp;lt;`
 * stays `&lt;`) turned back, and the `<!-- -->` React puts between adjacent texts dropped.
 */
export const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
