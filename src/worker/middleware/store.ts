import type { Context, MiddlewareHandler } from 'hono'
import { logLine } from '../../domain/log'
import { type BadRecord, createStore } from '../../store'
import { openD1Session } from '../d1-session'
import { reportError } from '../error-reporting'
import type { AppEnv } from '../types'

/** A stored row that fails its schema: logged and reported with its table and id, never its content. */
function reportBadRecord(record: BadRecord, requestId: string): void {
  console.error(logLine('error', 'record fails its schema', { requestId, table: record.table, id: record.id }))
  reportError(Object.assign(new Error(`${record.table} ${record.id} fails its schema`), { name: 'BadRecord' }))
}

/** `ctx.waitUntil` when the runtime gave one (it does in workerd; not in `app.request` tests). */
function backgroundTask(c: Context<AppEnv>): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx
    return (promise) => ctx.waitUntil(promise)
  } catch {
    return undefined
  }
}

/**
 * The request's store, on D1 through the Sessions API: read replicas, and a customer's own writes always visible to
 * them (d1-session.ts).
 */
export function openStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const d1 = openD1Session(c)
    c.set(
      'store',
      createStore(
        { DB: d1.db, KV: c.env.KV },
        {
          waitUntil: backgroundTask(c),
          recentWrite: d1.recentWrite,
          onBadRecord: (record) => reportBadRecord(record, c.get('requestId')),
        },
      ),
    )
    await next()
    d1.finish?.()
  }
}
