import { resolve } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { stringChunks } from './build/react-string-chunks.mjs'
import { catalogVersion } from './scripts/content-seed.mjs'

// Wrangler and the Vite plugin must never reach the internet from here.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false'
process.env.WRANGLER_SEND_METRICS ??= 'false'
process.env.WRANGLER_HIDE_BANNER ??= 'true'

/**
 * The browser gets its messages parsed by the server (src/worker/ssr/compiled-messages.ts), so its
 * bundle carries the parser's no-op stand-in instead of the ICU parser (~10 kB gzip).
 */
function noIcuParserInBrowser(): Plugin {
  const noParser = resolve(import.meta.dirname, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js')
  return {
    name: 'no-icu-parser-in-browser',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment.name !== 'client' || source !== '@formatjs/icu-messageformat-parser') return null
      return noParser
    },
  }
}

/** React DOM's streaming server renderer: the Worker's only renderer (below), changed by the build. */
const EDGE_RENDERER = resolve(import.meta.dirname, 'node_modules/react-dom/cjs/react-dom-server.edge.production.js')

/**
 * The Worker renders with `renderToReadableStream` only. React's `server.edge.js`, which `react-dom/server` resolves
 * to in workerd, also requires the legacy string renderer (~260 kB unminified) for renderToString, which nothing
 * here calls; the production Worker takes the streaming renderer's module alone.
 */
function streamingServerRendererOnly(): Plugin {
  return {
    name: 'streaming-server-renderer-only',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      if (this.environment.name !== 'p5_storefront' || source !== 'react-dom/server') return null
      return EDGE_RENDERER
    },
  }
}

/**
 * The Worker's renderer joins the strings it writes and encodes them once per ~4 kB, instead of making bytes of every
 * attribute and text on its own: a call into workerd each (build/react-string-chunks.mjs).
 */
function stringChunksInWorkerRenderer(): Plugin {
  let changed = false
  return {
    name: 'string-chunks-in-worker-renderer',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'p5_storefront' || id !== EDGE_RENDERER) return null
      changed = true
      return { code: stringChunks(code), map: null }
    },
    // A Worker built without the change (React's file moved or renamed) fails here rather than rendering slower.
    generateBundle() {
      if (this.environment.name === 'p5_storefront' && !changed)
        this.error("react-dom-server.edge.production.js was not in the Worker's build: nothing was changed")
    },
  }
}

/** Changes with every build: busts caches of the fixed-name entry files (see src/worker/ssr/assets.ts). */
const buildId = Date.now().toString(36)

export default defineConfig({
  plugins: [
    noIcuParserInBrowser(),
    streamingServerRendererOnly(),
    stringChunksInWorkerRenderer(),
    react(),
    cloudflare(),
  ],
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
    // The catalogs the Worker reads from KV (src/i18n/catalog-store.ts), seeded under this version.
    'import.meta.env.VITE_CATALOG_VERSION': JSON.stringify(catalogVersion()),
  },
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
            // Only in the native app's webview: the message bridge to the app (docs/features/app-webview.md).
            'app-bridge': 'src/client/entries/app-bridge.ts',
            // Loaded on demand by the car picture once a page has hydrated (src/ui/car/index.tsx).
            car: 'src/client/entries/car.ts',
            // Loaded by the configurator once it has hydrated: the stage's swipe and arrow keys, the finance requester.
            studio: 'src/client/entries/studio.ts',
            // Loaded by a page's error boundary only when the page crashes (src/client/ErrorBoundary.tsx).
            crash: 'src/client/entries/crash.ts',
            // Icelandic number and date data, imported by address by Icelandic pages only (src/i18n/intl-data.ts).
            'intl-is': 'src/client/entries/intl-is.ts',
          },
          // Keeps the car entry's export (drawCar); page entries export nothing.
          preserveEntrySignatures: 'exports-only',
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
