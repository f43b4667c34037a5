// `npm run bench`: builds the storefront, serves it under the local workerd runtime and prints,
// against the budgets of DESIGN.md §5: client JS and CSS per page type (gzip), the worker bundle
// (gzip), SSR throughput and latency against a floor route measured in the same run, and Lighthouse
// mobile scores. Writes bench-results/latest.json. It is a measurement, not a test.
//
//   BENCH_SECONDS=5   throughput runs, per route
//   LOAD_SECONDS=20   load and soak: 50 connections per route, three rounds, runtime memory between
//   BENCH_LIGHTHOUSE=0  skip Lighthouse
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

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 20)
const LOAD_ROUNDS = 3

/** Page types and an address of each (records from e2e/fixtures.sql). */
const PAGES = {
  home: '/no',
  configurator: '/no/configurator/p5',
  overview: '/nl/configurator/overview/cfg-e2e',
  'test drive': '/se/test-drive/p5',
  'order detail': '/no/order/ord-e2e',
  'order success': '/dk/order/result-confirmation/ord-e2e',
  content: '/de/marketing',
  legal: '/fr/policy',
  'quick delivery': '/no/quick-delivery',
  'trade-in': '/se/trade-in',
  error: '/nl/does-not-exist',
}
/** Routes held under load: the two main SSR pages and a JSON endpoint. */
const LOAD_ROUTES = { home: '/no', configurator: '/no/configurator/p5', 'api /v1/sites': '/api/v1/sites' }

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

/** Resident memory of the workerd processes serving the storefront, in MB. */
function runtimeMemoryMb(groupId) {
  const ps = spawnSync('ps', ['-o', 'rss=,comm=', '-g', String(groupId)], { encoding: 'utf8' })
  const kbTotal = ps.stdout
    .split('\n')
    .filter((line) => line.includes('workerd'))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0] ?? 0), 0)
  return Math.round(kbTotal / 1024)
}

async function load(path, connections, duration = SECONDS) {
  const result = await autocannon({ url: `${BASE}${path}`, connections, duration })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
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
      // Personal pages are noindex by design; Lighthouse counts that against SEO, so for them the
      // crawlability audit is left out and the table says so.
      const html = await (await fetch(`${BASE}${path}`)).text()
      const noindex = html.includes('name="robots" content="noindex"')
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(noindex ? { skipAudits: ['is-crawlable'] } : {}),
      }
      let result = await lighthouse(`${BASE}${path}`, flags)
      if (result.lhr.runtimeError && result.lhr.runtimeError.code !== 'ERRORED_DOCUMENT_REQUEST') {
        result = await lighthouse(`${BASE}${path}`, flags)
      }
      if (result.lhr.runtimeError) {
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
        noindex,
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
  // Load and soak: 50 connections on each route for LOAD_SECONDS, three rounds. workerd's RSS
  // under `wrangler dev` grows with request count even for a static file that never reaches our
  // code, so each round also loads such a file as a control, and growth is compared per request.
  results.soak = { rounds: [] }
  for (let round = 1; round <= LOAD_ROUNDS; round++) {
    const before = runtimeMemoryMb(server.pid)
    const control = await load('/favicon.svg', 50, LOAD_SECONDS)
    const middle = runtimeMemoryMb(server.pid)
    const routes = {}
    for (const [name, path] of Object.entries(LOAD_ROUTES)) routes[name] = await load(path, 50, LOAD_SECONDS)
    const after = runtimeMemoryMb(server.pid)
    const requests = Object.values(routes).reduce((sum, r) => sum + r.total, 0)
    results.soak.rounds.push({
      routes,
      memoryMb: [before, middle, after],
      controlMbPer1k: Math.round(((middle - before) / (control.total / 1000)) * 100) / 100,
      storefrontMbPer1k: Math.round(((after - middle) / (requests / 1000)) * 100) / 100,
    })
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
  const jsBudget = w.js > 0 ? BUDGET.jsInteractive : BUDGET.jsStatic
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
lines.push('')
lines.push(`Load and soak: 50 connections, ${LOAD_SECONDS}s per route, ${LOAD_ROUNDS} rounds`)
lines.push('')
lines.push(`| round | route | req/s | p50 | p99 | errors |`)
lines.push(`|---|---|---|---|---|---|`)
results.soak.rounds.forEach((round, i) => {
  for (const [name, r] of Object.entries(round.routes))
    lines.push(`| ${i + 1} | ${name} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.errors} |`)
})
lines.push('')
lines.push(
  `| round | workerd RSS MB (start → after control → after storefront) | MB per 1k requests: static control | storefront |`,
)
lines.push(`|---|---|---|---|`)
results.soak.rounds.forEach((round, i) => {
  lines.push(`| ${i + 1} | ${round.memoryMb.join(' → ')} | ${round.controlMbPer1k} | ${round.storefrontMbPer1k} |`)
})
// A leak is our code growing faster than the static control over all rounds, and not slowing down.
const rounds = results.soak.rounds
const avg = (key) => rounds.reduce((sum, r) => sum + r[key], 0) / rounds.length
const slowing = rounds.at(-1).storefrontMbPer1k < rounds[0].storefrontMbPer1k
const leaking = avg('storefrontMbPer1k') > Math.max(0.5, avg('controlMbPer1k') * 1.5) && !slowing
lines.push(
  `Memory per 1k requests, mean of rounds: storefront ${avg('storefrontMbPer1k').toFixed(1)} MB, static control ${avg('controlMbPer1k').toFixed(1)} MB; storefront growth ${slowing ? 'slowing' : 'not slowing'} from round 1 to ${rounds.length}.`,
)
lines.push(
  leaking
    ? 'Memory: the storefront grows faster than the static control and does not level off: look for a leak.'
    : 'Memory: no growth beyond what the dev runtime shows for a static file (no leak in our code).',
)
const soakErrors = results.soak.rounds.flatMap((r) => Object.values(r.routes)).reduce((sum, r) => sum + r.errors, 0)
lines.push(`Errors under load: ${soakErrors}${soakErrors === 0 ? '' : ' (must be 0)'}`)
if (Object.keys(results.lighthouse).length) {
  lines.push('')
  lines.push(`| Lighthouse mobile | perf | a11y | best practices | SEO | not passing |`)
  lines.push(`|---|---|---|---|---|---|`)
  for (const [name, s] of Object.entries(results.lighthouse)) {
    if (s.skipped) {
      const why = s.skipped === 'ERRORED_DOCUMENT_REQUEST' ? ' (Lighthouse does not audit a page that answers 404)' : ''
      lines.push(`| ${name} | not audited: ${s.skipped}${why} | | | | |`)
      continue
    }
    lines.push(
      `| ${name} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo}${s.noindex ? ' (noindex by design; is-crawlable skipped)' : ''} | ${s.failing.join(', ') || '-'} |`,
    )
  }
  lines.push('Budgets: performance ≥ 98, accessibility 100, best practices 100, SEO 100.')
}
console.log(lines.join('\n'))
