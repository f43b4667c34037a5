// `npm run bench`: builds the storefront, serves it under the local workerd runtime and prints,
// against the budgets of DESIGN.md §5: client JS and CSS per page type (gzip), the worker bundle
// (gzip), SSR throughput and latency against a floor route measured in the same run, and Lighthouse
// mobile scores. Writes bench-results/latest.json. It is a measurement, not a test.
//
//   BENCH_SECONDS=5 (autocannon duration per route)   BENCH_LIGHTHOUSE=0 (skip Lighthouse)
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const PORT = Number(process.env.BENCH_PORT ?? 8798)
const BASE = `http://127.0.0.1:${PORT}`
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const { NODE_ENV: _ignored, ...inherited } = process.env
const env = {
  ...inherited,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  PERSIST_TO: '.wrangler/bench-state',
  EXTRA_SQL: 'e2e/fixtures.sql',
}

/** Page types and an address of each. */
const PAGES = {
  home: '/no',
  configurator: '/no/configurator/p5',
  content: '/de/marketing',
  error: '/nl/does-not-exist',
}

const BUDGET = { jsInteractive: 100, jsStatic: 0, css: 20, worker: 400, cpuMs: 5 }

function npm(script) {
  const result = spawnSync('npm', ['run', script], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10
const gzipKb = (text) => kb(gzipSync(text).length)

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not start')
}

/** JS a page loads on first paint: its module scripts and everything they import statically. */
async function pageWeights(path) {
  const html = await (await fetch(`${BASE}${path}`)).text()
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1])
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
  const seen = new Set()
  let js = 0
  const queue = [...scripts]
  while (queue.length) {
    const src = queue.shift()
    const url = new URL(src, BASE).pathname
    if (seen.has(url)) continue
    seen.add(url)
    const code = await (await fetch(`${BASE}${url}`)).text()
    js += gzipSync(code).length
    for (const m of code.matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g))
      queue.push(new URL(m[1], `${BASE}${url}`).pathname)
  }
  let css = 0
  for (const href of styles) css += gzipSync(await (await fetch(`${BASE}${href}`)).text()).length
  for (const m of html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)) css += gzipSync(m[1]).length
  return { js: kb(js), css: kb(css), html: gzipKb(html) }
}

async function load(path, connections) {
  const result = await autocannon({ url: `${BASE}${path}`, connections, duration: SECONDS })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

async function lighthouseScores(paths) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const scores = {}
  try {
    for (const [name, path] of Object.entries(paths)) {
      const result = await lighthouse(`${BASE}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      if (result.lhr.runtimeError) {
        // Lighthouse does not audit a document that answers 404 (the error page type).
        scores[name] = { skipped: result.lhr.runtimeError.code }
        continue
      }
      const c = result.lhr.categories
      const score = (x) => Math.round((x?.score ?? 0) * 100)
      scores[name] = {
        performance: score(c.performance),
        accessibility: score(c.accessibility),
        bestPractices: score(c['best-practices']),
        seo: score(c.seo),
        failing: Object.values(result.lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => a.id)
          .slice(0, 8),
      }
    }
  } finally {
    await chrome.kill()
  }
  return scores
}

npm('build')
npm('db:setup')
const workerGzip = kb(gzipSync(readFileSync('dist/p5_storefront/index.js')).length)
const server = spawn('npm', ['run', 'serve'], { env: { ...env, PORT: String(PORT) }, stdio: 'ignore', detached: true })
const results = { date: new Date().toISOString(), workerGzipKb: workerGzip, pages: {}, load: {}, lighthouse: {} }
try {
  await waitForServer()
  for (const [name, path] of Object.entries(PAGES)) results.pages[name] = await pageWeights(path)

  // Warm up, then the floor (a tiny JSON route) and the SSR pages, saturated and one at a time.
  await load('/no', 10)
  for (const [name, path] of [
    ['floor /api/health', '/api/health'],
    ['home', PAGES.home],
    ['configurator', PAGES.configurator],
  ]) {
    const saturated = await load(path, 50)
    const single = await load(path, 1)
    results.load[name] = {
      ...saturated,
      msPerRequest: Math.round((1000 / saturated.rps) * 100) / 100,
      p50Single: single.p50,
    }
  }
  if (process.env.BENCH_LIGHTHOUSE !== '0') results.lighthouse = await lighthouseScores(PAGES)
} finally {
  process.kill(-server.pid, 'SIGTERM')
}

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', `${JSON.stringify(results, null, 2)}\n`)

const floorRps = results.load['floor /api/health'].rps
const lines = []
lines.push(`Bench ${results.date} (${SECONDS}s per load run, 2 cores, wrangler dev)`)
lines.push('')
lines.push(`| page type | JS gzip kB | CSS gzip kB | HTML gzip kB | budget JS / CSS |`)
lines.push(`|---|---|---|---|---|`)
for (const [name, w] of Object.entries(results.pages)) {
  const jsBudget = name === 'configurator' || name === 'error' ? BUDGET.jsInteractive : BUDGET.jsStatic
  lines.push(`| ${name} | ${w.js} | ${w.css} | ${w.html} | ≤ ${jsBudget} / ≤ ${BUDGET.css} |`)
}
lines.push('')
lines.push(`Worker bundle gzip: ${workerGzip} kB (budget ≤ ${BUDGET.worker} kB)`)
lines.push('')
lines.push(`| route | req/s @50 | ratio to floor | ms/request @50 | p50 @50 | p99 @50 | p50 @1 | errors |`)
lines.push(`|---|---|---|---|---|---|---|---|`)
for (const [name, r] of Object.entries(results.load)) {
  lines.push(
    `| ${name} | ${r.rps} | ${(r.rps / floorRps).toFixed(2)} | ${r.msPerRequest} | ${r.p50} ms | ${r.p99} ms | ${r.p50Single} ms | ${r.errors} |`,
  )
}
if (Object.keys(results.lighthouse).length) {
  lines.push('')
  lines.push(`| Lighthouse mobile | perf | a11y | best practices | SEO | not passing |`)
  lines.push(`|---|---|---|---|---|---|`)
  for (const [name, s] of Object.entries(results.lighthouse)) {
    if (s.skipped) {
      lines.push(`| ${name} | not audited: ${s.skipped} (the page answers 404) | | | | |`)
      continue
    }
    lines.push(
      `| ${name} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.failing.join(', ') || '-'} |`,
    )
  }
  lines.push('Budgets: performance ≥ 98, accessibility 100, best practices 100, SEO 100.')
}
console.log(lines.join('\n'))
