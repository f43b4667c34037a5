import { readFileSync } from 'node:fs'
import { request } from 'node:https'

/**
 * The native side of the app as an HTTP client of its own (not a browser): it signs the customer in through the
 * storefront, keeps the session's cookies, and asks for sign-in codes for its webview, trusting only the run's
 * throwaway certificate.
 */
export function appClient(base: string, certificate: string) {
  const ca = readFileSync(certificate)
  const jar = new Map<string, string>()

  function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
      const req = request(
        `${base}${path}`,
        { method: init.method ?? 'GET', ca, headers: { ...init.headers, ...(cookie ? { cookie } : {}) } },
        (res) => {
          for (const header of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = header.split(';')
            const [name = '', ...value] = pair.split('=')
            jar.set(name.trim(), value.join('='))
          }
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            body += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.end(init.body)
    })
  }

  return {
    /** Creates the account and signs it in (the storefront's own sign-up form, as the app's sign-in screen posts it). */
    async signUp(email: string, name = 'Anne App'): Promise<void> {
      const form = new URLSearchParams({ intent: 'signUp', name, email, password: 'a long enough password' })
      const res = await send('/nl/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: form.toString(),
      })
      if (res.status !== 303 || !jar.has('__Host-nv_access')) throw new Error(`sign-up answered ${res.status}`)
    },
    /** A new sign-in code for the webview, from the app's session. */
    async newCode(): Promise<{ code: string; account: string }> {
      const { token } = JSON.parse((await send('/api/csrf')).body) as { token: string }
      const res = await send('/api/v1/app/sign-in-codes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, origin: base },
        body: '{}',
      })
      if (res.status !== 201) throw new Error(`the sign-in code answered ${res.status}: ${res.body}`)
      return JSON.parse(res.body) as { code: string; account: string }
    },
  }
}
