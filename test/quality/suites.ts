/**
 * Quality gates that cover every page and endpoint automatically. Each check takes a `call`
 * (the worker's fetch) and returns findings: an empty list is a pass. The same functions run
 * against the storefront (quality.worker.test.ts) and against a deliberately broken app
 * (self-test.worker.test.ts), which proves they can fail.
 */
import fc from 'fast-check'
import { HOSTILE_PATHS, HOSTILE_REDIRECTS, ODD_STRINGS, XSS_MARKERS, XSS_PAYLOADS } from './payloads'

export type Call = (path: string, init?: RequestInit) => Promise<Response>

interface Operation {
  operationId: string
  requestBody?: { content: { 'application/json': { example?: unknown } } }
  /** Only for a signed-in customer: the checks call it as one. */
  'x-signed-in'?: boolean
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
}

export interface DocumentedOperation {
  method: string
  path: string
  operation: Operation
}

/** Every operation of an OpenAPI document. */
export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  )
}

/** Mounted API routes (from Hono's `app.routes`) that the document does not describe. */
export function missingFromDocument(
  mounted: readonly { method: string; path: string }[],
  document: OpenApiDocument,
): string[] {
  const documented = new Set(operationsOf(document).map((o) => `${o.method} ${o.path}`))
  return mounted
    .filter((r) => /^\/(api|webAuthSdk)\//.test(r.path) && !r.path.endsWith('*') && r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)\??/g, '{$1}')}`)
    .filter((route, i, all) => all.indexOf(route) === i && !documented.has(route))
}

/** Row counts of every table we own: what "an invalid request writes nothing" is checked against. */
export async function countRows(db: D1Database): Promise<Record<string, number>> {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'`,
    )
    .all<{ name: string }>()
  const counts: Record<string, number> = {}
  for (const { name } of results) {
    counts[name] = (await db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).first<{ n: number }>())?.n ?? 0
  }
  return counts
}

export interface Visitor {
  cookie: string
  token: string
}

/**
 * A visitor with an anti-forgery seed cookie and its token, from `GET /api/csrf`; for an endpoint only for signed-in
 * customers (`x-signed-in`), with the session cookies of a new account too, signed up as a person would.
 */
export async function newVisitor(call: Call, signedIn = false): Promise<Visitor> {
  const res = await call('/api/csrf')
  // Visitors here have accepted all cookies, so consent-gated endpoints (analytics events) answer.
  const cookies = [(res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', '__Host-consent=v1.2026-01-01.a1.m1']
  const { token } = (await res.json()) as { token: string }
  if (signedIn) {
    const form = new URLSearchParams({
      intent: 'signUp',
      name: 'Gate Keeper',
      email: `gate.${crypto.randomUUID()}@example.com`,
      password: 'a long enough password',
    })
    const signUp = await call('/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: form.toString(),
      redirect: 'manual',
    })
    for (const header of signUp.headers.getSetCookie()) cookies.push(header.split(';')[0] ?? '')
  }
  return { cookie: cookies.join('; '), token }
}

/** What a structured API error must look like, with every text in the caller's language. */
async function errorShapeProblem(res: Response, messages: ReadonlySet<string>): Promise<string | null> {
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return 'error is not JSON'
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown; fields?: { path?: unknown; message?: unknown }[] }
  } | null
  const error = body?.error
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return 'error has no code/message'
  if (!messages.has(error.message)) return `message not in the caller's language: ${error.message}`
  for (const field of error.fields ?? []) {
    if (typeof field.path !== 'string' || typeof field.message !== 'string') return 'malformed field error'
    if (!messages.has(field.message)) return `field message not in the caller's language: ${field.message}`
  }
  return null
}

type Mutation =
  | { kind: 'json'; body: unknown }
  | { kind: 'invalidJson'; text: string }
  | { kind: 'wrongContentType' }
  | { kind: 'noToken' }

const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
)
const oddString = fc.oneof(
  fc.constant(''),
  fc.constant('x'.repeat(100_000)),
  // Over any field's maximum, under the body limit: the field's own schema must refuse it.
  fc.constant('x'.repeat(5_000)),
  fc.constantFrom(...ODD_STRINGS, ...XSS_PAYLOADS),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Broken (and sometimes still valid) variants of a valid example body. */
function mutations(example: unknown): fc.Arbitrary<Mutation> {
  const record =
    example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {}
  const keys = Object.keys(record)
  const json = (body: unknown): Mutation => ({ kind: 'json', body })
  const perKey = keys.length
    ? [
        fc.constantFrom(...keys).map((key) => {
          const { [key]: _dropped, ...rest } = record
          return json(rest)
        }),
        fc.tuple(fc.constantFrom(...keys), wrongValue).map(([key, value]) => json({ ...record, [key]: value })),
        fc.tuple(fc.constantFrom(...keys), oddString).map(([key, value]) => json({ ...record, [key]: value })),
      ]
    : []
  return fc.oneof(
    ...perKey,
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.anything())
      .map(([key, value]) => json({ ...record, [key]: value })),
    fc.anything().map(json),
    fc
      .string()
      .filter((text) => {
        try {
          JSON.parse(text)
          return false
        } catch {
          return true
        }
      })
      .map((text): Mutation => ({ kind: 'invalidJson', text })),
    fc.constant<Mutation>({ kind: 'wrongContentType' }),
    fc.constant<Mutation>({ kind: 'noToken' }),
  )
}

export interface FuzzOptions {
  call: Call
  document: OpenApiDocument
  /** Whether a JSON body is valid for an operation: the same zod schema the endpoint uses. */
  isValid: (operationId: string, body: unknown) => boolean
  countRows: () => Promise<Record<string, number>>
  /** Catalog values by language header, to check errors come back in the caller's language. */
  messagesFor: (language: string) => ReadonlySet<string>
  languages: readonly string[]
  seed: number
  runs: number
}

/**
 * Sends every documented endpoint its example and many broken variants of it. Never a 5xx; every
 * 4xx a structured error in the caller's language; an invalid request changes no row count; a
 * valid one succeeds.
 */
export async function fuzzEndpoints(options: FuzzOptions): Promise<string[]> {
  const findings: string[] = []
  for (const { method, path, operation } of operationsOf(options.document)) {
    const visitor = await newVisitor(options.call, operation['x-signed-in'] === true)
    const example = operation.requestBody?.content['application/json'].example
    const concretePath = path.replace(/\{\w+\}/g, 'fuzz')

    if (method === 'GET') {
      const property = fc.asyncProperty(oddString, fc.constantFrom(...options.languages), async (value, language) => {
        const url = `${path.replace(/\{\w+\}/g, encodeURIComponent(value.slice(0, 200)))}?q=${encodeURIComponent(value.slice(0, 500))}`
        const res = await options.call(url, { headers: { language } })
        if (res.status >= 500) throw new Error(`${res.status} for GET ${url}`)
        if (res.status >= 400) {
          const problem = await errorShapeProblem(res, options.messagesFor(language))
          if (problem) throw new Error(`GET ${url}: ${problem}`)
        }
      })
      // A finding needs no shrinking: each shrink step re-sends requests and recounts every table.
      const result = await fc.check(property, {
        seed: options.seed,
        numRuns: Math.ceil(options.runs / 4),
        endOnFailure: true,
      })
      if (result.failed) findings.push(`GET ${path} (seed ${options.seed}): ${String(result.errorInstance)}`)
      continue
    }

    const property = fc.asyncProperty(
      mutations(example),
      fc.constantFrom(...options.languages),
      async (mutation, language) => {
        const headers: Record<string, string> = { language, cookie: visitor.cookie }
        let body: string
        let valid = false
        if (mutation.kind === 'json') {
          headers['content-type'] = 'application/json'
          headers['x-csrf-token'] = visitor.token
          body = JSON.stringify(mutation.body) ?? 'null'
          // Judge what is actually sent: stringify drops undefined fields, functions and the like.
          valid = options.isValid(operation.operationId, JSON.parse(body))
        } else if (mutation.kind === 'invalidJson') {
          headers['content-type'] = 'application/json'
          headers['x-csrf-token'] = visitor.token
          body = mutation.text
        } else if (mutation.kind === 'wrongContentType') {
          headers['content-type'] = 'text/plain'
          headers['x-csrf-token'] = visitor.token
          body = JSON.stringify(example)
        } else {
          headers['content-type'] = 'application/json'
          body = JSON.stringify(example)
        }
        const before = await options.countRows()
        const res = await options.call(concretePath, { method, headers, body })
        const label = `${method} ${path} ${mutation.kind} ${body.slice(0, 120)}`
        if (res.status >= 500) throw new Error(`${res.status} for ${label}`)
        if (valid) {
          if (res.status >= 400) throw new Error(`valid body refused with ${res.status}: ${label}`)
          return
        }
        if (res.status < 400) throw new Error(`invalid request accepted with ${res.status}: ${label}`)
        if (mutation.kind === 'noToken' && res.status !== 403) throw new Error(`no token gave ${res.status}: ${label}`)
        const problem = await errorShapeProblem(res, options.messagesFor(language))
        if (problem) throw new Error(`${label}: ${problem}`)
        const after = await options.countRows()
        if (JSON.stringify(before) !== JSON.stringify(after)) throw new Error(`invalid request wrote rows: ${label}`)
      },
    )
    const result = await fc.check(property, { seed: options.seed, numRuns: options.runs, endOnFailure: true })
    if (result.failed) findings.push(`${method} ${path} (seed ${options.seed}): ${String(result.errorInstance)}`)

    if (example !== undefined) {
      const res = await options.call(concretePath, {
        method,
        headers: { 'content-type': 'application/json', cookie: visitor.cookie, 'x-csrf-token': visitor.token },
        body: JSON.stringify(example),
      })
      if (res.status >= 400) findings.push(`${method} ${path}: its own example is refused with ${res.status}`)
    }
  }
  return findings
}

/**
 * Every state-changing endpoint refuses a missing token, another visitor's token, a token without its cookie, and a
 * valid token on a request whose `Origin` or `Sec-Fetch-Site` names another site.
 */
export async function antiForgeryFindings(call: Call, document: OpenApiDocument): Promise<string[]> {
  const findings: string[] = []
  for (const { method, path, operation } of operationsOf(document)) {
    if (method === 'GET') continue
    const concretePath = path.replace(/\{\w+\}/g, 'csrf-check')
    const body = JSON.stringify(operation.requestBody?.content['application/json'].example ?? {})
    const signedIn = operation['x-signed-in'] === true
    const mine = await newVisitor(call, signedIn)
    const theirs = await newVisitor(call, signedIn)
    const attempts: [string, Record<string, string>][] = [
      ['no token', { cookie: mine.cookie }],
      ["another visitor's token", { cookie: mine.cookie, 'x-csrf-token': theirs.token }],
      ['token without its cookie', { 'x-csrf-token': mine.token }],
      ['forged token', { cookie: mine.cookie, 'x-csrf-token': `${mine.token.slice(0, -4)}AAAA` }],
      // Defence in depth: a valid pair, but the browser says the request comes from another site.
      [
        'a valid token from another origin',
        { cookie: mine.cookie, 'x-csrf-token': mine.token, origin: 'https://evil.example' },
      ],
      [
        'a valid token sent cross-site',
        { cookie: mine.cookie, 'x-csrf-token': mine.token, 'sec-fetch-site': 'cross-site' },
      ],
    ]
    for (const [what, headers] of attempts) {
      const res = await call(concretePath, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      })
      if (res.status !== 403) findings.push(`${method} ${path} with ${what} answered ${res.status}`)
    }
  }
  return findings
}

/** No address sends the browser to another origin, whatever its redirect parameters say. */
export async function openRedirectFindings(call: Call, paths: readonly string[]): Promise<string[]> {
  const findings: string[] = []
  for (const path of paths) {
    for (const target of HOSTILE_REDIRECTS) {
      const query = new URLSearchParams({ frontRedirect: target, redirect: target, returnTo: target })
      const res = await call(`${path}${path.includes('?') ? '&' : '?'}${query}`, { redirect: 'manual' })
      const location = res.headers.get('location')
      if (res.status >= 300 && res.status < 400 && location) {
        const resolved = new URL(location, 'http://local.test')
        if (resolved.origin !== 'http://local.test')
          findings.push(`${path} redirects ${JSON.stringify(target)} to ${location}`)
      }
      await res.body?.cancel()
    }
  }
  return findings
}

/** Markup sent in path segments and query strings comes back escaped on every page. */
export async function escapingFindings(call: Call, pathTemplates: readonly string[]): Promise<string[]> {
  const findings: string[] = []
  for (const template of pathTemplates) {
    for (const payload of XSS_PAYLOADS) {
      const path = template.replace(/:\w+\??/g, encodeURIComponent(payload))
      const res = await call(`${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(payload)}`)
      if (res.status >= 500) findings.push(`${template} answers ${res.status} for ${JSON.stringify(payload)}`)
      const html = await res.text()
      const raw = XSS_MARKERS.find((marker) => html.includes(marker))
      if (raw) findings.push(`${template} shows ${JSON.stringify(raw)} unescaped`)
    }
  }
  return findings
}

/** Security headers on every response, and safe flags on every cookie it sets. */
export async function headerFindings(call: Call, paths: readonly string[]): Promise<string[]> {
  const findings: string[] = []
  for (const path of paths) {
    const res = await call(path)
    const html = (res.headers.get('content-type') ?? '').includes('text/html')
    const csp = res.headers.get('content-security-policy') ?? ''
    // A page from the edge cache has no nonce: its CSP allows its inline content by hash (edge-cache.ts).
    const cached = res.headers.get('x-edge-cache') === 'HIT'
    if (html && !cached && !/script-src [^;]*'nonce-/.test(csp)) findings.push(`${path}: no CSP nonce for scripts`)
    if (/'unsafe-inline'|'unsafe-eval'/.test(csp)) findings.push(`${path}: CSP allows inline code`)
    if (cached && /'nonce-/.test(csp)) findings.push(`${path}: a cached page's CSP names a nonce`)
    if (!csp.includes("frame-ancestors 'none'")) findings.push(`${path}: no frame-ancestors`)
    if (res.headers.get('x-content-type-options') !== 'nosniff') findings.push(`${path}: no nosniff`)
    if (!res.headers.get('referrer-policy')) findings.push(`${path}: no Referrer-Policy`)
    if (!res.headers.get('permissions-policy')) findings.push(`${path}: no Permissions-Policy`)
    if (!res.headers.get('x-request-id')) findings.push(`${path}: no request id`)
    for (const cookie of res.headers.getSetCookie()) {
      for (const flag of ['HttpOnly', 'Secure', 'SameSite=']) {
        if (!cookie.includes(flag)) findings.push(`${path}: cookie ${cookie.split('=')[0]} lacks ${flag}`)
      }
    }
    await res.body?.cancel()
  }
  return findings
}

/** Every URL a page hands the browser: Location, href/src/action attributes, and hidden `return` fields. */
function urlsOf(res: Response, html: string): string[] {
  const fromHtml = (value: string) =>
    value
      .replace(/&amp;/g, '&')
      .replace(/&#x2F;/gi, '/')
      .replace(/&#x5C;/gi, '\\')
      .replace(/&quot;/g, '"')
  const urls = [...html.matchAll(/\s(?:href|src|action|formaction)="([^"]*)"/g)].map((m) => fromHtml(m[1] ?? ''))
  for (const m of html.matchAll(/<input[^>]*name="(?:return|frontRedirect|returnTo)"[^>]*value="([^"]*)"/g))
    urls.push(fromHtml(m[1] ?? ''))
  const location = res.headers.get('location')
  if (location) urls.push(location)
  return urls
}

/** Whether a URL, or a path in one of its query values, leads the browser to another origin. */
function leavesOrigin(url: string, origin: string): boolean {
  const resolved = new URL(url, `${origin}/`)
  if (resolved.origin !== origin) return /evil\.example/.test(url)
  for (const value of resolved.searchParams.values()) {
    if (!value.startsWith('/') && !value.startsWith('\\')) continue
    if (value.startsWith('//') || value.startsWith('/\\') || value.startsWith('\\')) return true
    if (new URL(value, `${origin}/`).origin !== origin) return true
  }
  return false
}

/**
 * Links built from the request path stay on our origin: every page of every site prefix, reached by a hostile path
 * (`/no//evil.example/x`, `/\evil.example`, dot segments…), hands the browser no URL (link, form, redirect, hidden
 * `return`) that leads to another origin.
 *
 * @example
 * expect(await hostilePathFindings(call, ['', '/no', '/be/nl-BE'])).toEqual([])
 */
export async function hostilePathFindings(call: Call, prefixes: readonly string[]): Promise<string[]> {
  const origin = 'http://local.test'
  const findings: string[] = []
  for (const prefix of prefixes) {
    for (const hostile of HOSTILE_PATHS) {
      const path = `${prefix}${hostile}`
      const res = await call(path, { redirect: 'manual' })
      const html = (res.headers.get('content-type') ?? '').includes('html') ? await res.text() : ''
      if (!html) await res.body?.cancel()
      if (res.status >= 500) findings.push(`${JSON.stringify(path)} answers ${res.status}`)
      for (const url of urlsOf(res, html)) {
        if (leavesOrigin(url, origin)) findings.push(`${JSON.stringify(path)} links to ${JSON.stringify(url)}`)
      }
    }
  }
  return [...new Set(findings)]
}

/**
 * A record one visitor owns is invisible (404) to everyone else: other signed-in visitors and
 * anonymous ones, and none of its personal data (`personal`: the owner's name, e-mail, VIN…) is in
 * what they get. A page that needs an account may send an anonymous visitor to sign in instead (a redirect to
 * `/auth`, the same for every id). `owner` and each of `others` are request headers (their cookies).
 *
 * @example
 * expect(await invisibleToOthersFindings(call, '/no/order/A1', alice, [bob, {}], ['alice@example.com'])).toEqual([])
 */
export async function invisibleToOthersFindings(
  call: Call,
  path: string,
  owner: Record<string, string>,
  others: readonly Record<string, string>[],
  personal: readonly string[] = [],
): Promise<string[]> {
  const findings: string[] = []
  const own = await call(path, { headers: owner, redirect: 'manual' })
  if (own.status !== 200) findings.push(`${path}: its owner gets ${own.status}`)
  const ownBody = await own.text()
  for (const [i, headers] of others.entries()) {
    const res = await call(path, { headers, redirect: 'manual' })
    const body = await res.text()
    const toSignIn =
      res.status === 302 && /^\/(?:[a-z]{2}\/(?:[a-z]{2}-[A-Z]{2}\/)?)?auth\?/.test(res.headers.get('location') ?? '')
    if (res.status !== 404 && !(toSignIn && !headers.cookie))
      findings.push(`${path}: visitor ${i + 1} who does not own it gets ${res.status}`)
    else if (body === ownBody) findings.push(`${path}: visitor ${i + 1} sees the owner's page`)
    for (const data of personal) {
      if (body.includes(data)) findings.push(`${path}: visitor ${i + 1} sees ${JSON.stringify(data)}`)
    }
  }
  return findings
}

/**
 * An "at most one" rule holds under parallel requests: `attempt` is sent `times` times at once, then `count` (from
 * the database, or from the answers' statuses) must give at most `max` (default 1).
 *
 * @example
 * expect(await atMostOneFindings('one order per form', 8, () => post(form), () => countOrders())).toEqual([])
 */
export async function atMostOneFindings(
  rule: string,
  times: number,
  attempt: (i: number) => Promise<Response>,
  count: (statuses: number[]) => Promise<number> | number,
  max = 1,
): Promise<string[]> {
  const answers = await Promise.all(Array.from({ length: times }, (_, i) => attempt(i)))
  const findings: string[] = []
  for (const res of answers) {
    if (res.status >= 500) findings.push(`${rule}: a parallel request answered ${res.status}`)
    await res.body?.cancel()
  }
  const n = await count(answers.map((res) => res.status))
  if (n > max) findings.push(`${rule}: ${times} parallel requests made ${n}, at most ${max} allowed`)
  return findings
}
