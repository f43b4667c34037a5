import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Wrangler and the Vite plugin must never reach the internet from here.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false'
process.env.WRANGLER_SEND_METRICS ??= 'false'
process.env.WRANGLER_HIDE_BANNER ??= 'true'

/** Changes with every build: busts caches of the fixed-name entry files (see src/worker/ssr/assets.ts). */
const buildId = Date.now().toString(36)

export default defineConfig({
  plugins: [react(), cloudflare()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  environments: {
    // Vite leaves server bundles unminified; the Worker ships as built, so minify it (source map kept).
    p5_storefront: { build: { minify: true } },
    client: {
      build: {
        // One entry per interactive page type; the stylesheet is inlined by the worker.
        rollupOptions: {
          input: {
            error: 'src/client/entries/error.tsx',
            configurator: 'src/client/entries/configurator.tsx',
            overview: 'src/client/entries/overview.tsx',
            testDrive: 'src/client/entries/testDrive.tsx',
            // Not page entries: analytics loads only after consent; monitoring only in production with a DSN.
            analytics: 'src/client/entries/analytics.ts',
            monitoring: 'src/client/entries/monitoring.ts',
          },
          output: {
            entryFileNames: 'assets/[name].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name][extname]',
          },
        },
      },
    },
  },
})
