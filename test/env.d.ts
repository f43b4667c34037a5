import type { D1Migration } from '@cloudflare/vitest-plugin'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
      TEST_SEED: string
      /** The legal documents as KV entries (scripts/content-seed.mjs), JSON. */
      TEST_CONTENT: string
      /** The `[vars]` of wrangler.toml, as a deployment gets them, JSON. */
      TEST_DEPLOYED_VARS: string
    }
  }
}
