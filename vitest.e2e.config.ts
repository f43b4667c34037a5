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
    // One more try for a test that fails: on a loaded 2-core machine a configurator Save clicked right after the page
    // loaded twice never navigated within 30–60 s (/is journey, /de order form: a different test each full run),
    // and each passed alone. Open in the issue 21 note; a test that fails twice still fails the run.
    retry: 1,
  },
})
