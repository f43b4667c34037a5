import type { Site } from '../i18n/sites'
import type { Store } from '../store'
import type { SessionUser } from './auth/session'
import type { AppConfig } from './env'

/** Hono generics of the worker: bindings from `wrangler types`, and per-request variables. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    requestId: string
    secureHeadersNonce?: string
    config: AppConfig
    store: Store
    /** The signed-in visitor once looked up (null: anonymous; absent: not looked up yet). */
    user?: SessionUser | null
    /** The response carries something of this visitor's (an anti-forgery token): no shared cache may keep it. */
    personal?: boolean
    /**
     * The site an API call is about (its body's `site`): a car it cannot price is answered in that site's language
     * when the caller names none (errors.ts).
     */
    site?: Site
    /** This response's page loads the tag manager (analytics.ts: decided once, asked per CSP directive). */
    loadsTagManager?: boolean
  }
}

export type { Site }
