import { defineConfig } from 'vitest/config'

// Browser tests: the built storefront under `wrangler dev`, driven by Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/server.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
