import type { Site } from '../i18n/sites'
import type { Store } from '../store'
import type { AppConfig } from './env'

/** Hono generics of the worker: bindings from `wrangler types`, and per-request variables. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    requestId: string
    secureHeadersNonce?: string
    config: AppConfig
    store: Store
  }
}

export type { Site }
