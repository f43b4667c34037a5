import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Database } from '../store/database'
import type { AppEnv } from './types'

/**
 * The D1 bookmark of a visitor's last write: HttpOnly, host-only, an hour. With it, the visitor's
 * next requests read from a copy of the database at least as new as that write (docs/scale.md).
 */
export const BOOKMARK_COOKIE = '__Host-d1-bookmark'

/** D1 bookmarks are hexadecimal groups joined by dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{1,16}(?:-[0-9a-f]{1,64}){1,8}$/i
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A request's D1 session: whether it continues from the visitor's last write, and what to do after the response. */
export interface D1Session {
  /** What the request's store reads and writes through (the database itself where there are no sessions). */
  db: Database
  /** The request carries the bookmark of the visitor's own recent write: it must read at least as new as that. */
  recentWrite: boolean
  /** For a write: sets the bookmark cookie; call it after the response is made. */
  finish?: () => void
}

/**
 * Every request's queries go through one D1 session (the Sessions API, for read replication): a
 * request carrying the bookmark cookie continues from that bookmark, so a customer always reads
 * their own writes; other reads may come from the nearest replica ('first-unconstrained'); a write
 * request starts at the primary ('first-primary') and answers with the new bookmark in the cookie.
 * GET answers never set it, so anonymous pages stay cacheable (edge-cache.ts); a visitor who carries
 * it is not served from the edge cache, nor from figures an isolate keeps for everyone (the free test-drive slots,
 * app/test-drive.ts), which is what reading one's own writes needs.
 *
 * The worker's request setup makes the request's store with its `db`; `c.env.DB` stays the binding itself.
 */
export function openD1Session(c: Context<AppEnv>): D1Session {
  const db = c.env.DB
  const cookie = getCookie(c, BOOKMARK_COOKIE)
  const bookmark = cookie && BOOKMARK.test(cookie) ? cookie : undefined
  if (typeof db?.withSession !== 'function') return { db, recentWrite: bookmark !== undefined }
  const write = !SAFE_METHODS.has(c.req.method)
  const session = db.withSession(bookmark ?? (write ? 'first-primary' : 'first-unconstrained'))
  if (!write) return { db: session, recentWrite: bookmark !== undefined }
  return {
    db: session,
    recentWrite: bookmark !== undefined,
    finish: () => {
      const latest = session.getBookmark()
      if (latest && latest !== bookmark && BOOKMARK.test(latest)) {
        setCookie(c, BOOKMARK_COOKIE, latest, {
          httpOnly: true,
          secure: true,
          sameSite: 'Lax',
          path: '/',
          maxAge: 3600,
        })
      }
    },
  }
}
