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
    // One more try for a test that fails once on the loaded, shared 2-core machine; a test that fails twice still
    // fails the run. A control that moves as its page hydrates (a click lost under it) is caught by startup.e2e.ts.
    retry: 1,
  },
})
