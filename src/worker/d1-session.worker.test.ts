import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { BOOKMARK_COOKIE } from './d1-session'
import { app } from './index'

const BASE = 'http://local.test'

/** The test database, recording the constraint or bookmark each request's session started from. */
function recordingDb() {
  const started: string[] = []
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession') {
        return (from: string) => {
          started.push(from)
          return target.withSession(from)
        }
      }
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db, started }
}

async function send(db: D1Database, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${BASE}${path}`, { redirect: 'manual', ...init }), { ...env, DB: db }, ctx)
  const body = await res.text()
  await waitOnExecutionContext(ctx)
  return { res, body }
}

const bookmarkOf = (res: Response) =>
  new RegExp(`${BOOKMARK_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1]

describe('D1 through the Sessions API', () => {
  it('reads anonymous pages from any replica and sets no cookie on them', async () => {
    const { db, started } = recordingDb()
    const { res } = await send(db, '/no/quick-delivery')
    expect(res.status).toBe(200)
    expect(started).toEqual(['first-unconstrained'])
    expect(bookmarkOf(res)).toBeUndefined()
  })

  it('starts a write at the primary, hands back its bookmark, and reads the next page from it', async () => {
    const { db, started } = recordingDb()
    const saved = await send(db, '/no/configurator/p5', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: BASE,
        'sec-fetch-site': 'same-origin',
      },
      body: 'configuration=version%3Dlong-range',
    })
    expect(saved.res.status).toBe(303)
    expect(started).toEqual(['first-primary'])
    const bookmark = bookmarkOf(saved.res)
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i)
    expect(saved.res.headers.get('set-cookie')).toContain('HttpOnly')

    // The customer's next request continues from their write's bookmark, and sees what they saved.
    const location = saved.res.headers.get('location') ?? ''
    const overview = await send(db, location, { headers: { cookie: `${BOOKMARK_COOKIE}=${bookmark}` } })
    expect(started[1]).toBe(bookmark)
    expect(overview.res.status).toBe(200)
    expect(overview.body).toContain('long-range')
    // A read hands back no cookie: the bookmark only moves with writes.
    expect(bookmarkOf(overview.res)).toBeUndefined()
  })

  it('ignores a bookmark cookie that is not a bookmark', async () => {
    const { db, started } = recordingDb()
    await send(db, '/no', { headers: { cookie: `${BOOKMARK_COOKIE}=../../etc` } })
    expect(started).toEqual(['first-unconstrained'])
  })
})
