import { readFileSync } from 'node:fs'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { unstable_readConfig } from 'wrangler'
import { catalogVersion, contentSeedEntries } from './scripts/content-seed.mjs'
import { dataSeedSql } from './scripts/seed-sql.mjs'

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false'
process.env.WRANGLER_SEND_METRICS ??= 'false'
process.env.WRANGLER_HIDE_BANNER ??= 'true'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          exclude: ['**/*.worker.test.{ts,tsx}'],
          setupFiles: ['./test/no-console-error.ts'],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                ENVIRONMENT: 'test',
                // The origin test/visitor.ts sends its requests to.
                OFFICIAL_URL: 'http://local.test',
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                TEST_SEED: readFileSync('./data/seed.sql', 'utf8') + dataSeedSql(),
                TEST_CONTENT: JSON.stringify(contentSeedEntries()),
                // What a plain `wrangler deploy` of wrangler.toml sets (the tests run as 'test' instead).
                TEST_DEPLOYED_VARS: JSON.stringify(unstable_readConfig({ config: './wrangler.toml' }).vars),
              },
            },
          })),
        ],
        // The catalogs' version the seed writes to KV (src/i18n/catalog-store.ts).
        define: { 'import.meta.env.VITE_CATALOG_VERSION': JSON.stringify(catalogVersion()) },
        test: {
          name: 'worker',
          include: ['src/**/*.worker.test.{ts,tsx}', 'test/**/*.worker.test.ts'],
          // A test sends whole requests through the Worker (SSR, D1, the queue): on a shared 2-core machine a test of
          // a few pages took 5–7 s, past vitest's 5 s default.
          testTimeout: 30_000,
          setupFiles: ['./test/worker-setup.ts', './test/no-console-error.ts'],
        },
      },
    ],
  },
})
