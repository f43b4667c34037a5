// `npm run bench`: builds the storefront and serves it under wrangler dev, beside three floors served by
// the same wrangler (bench/): a bare Worker, a bare React SSR Worker streaming static HTML of the
// configurator page's size (element count and bytes measured from the page in this run), and a page-copy Worker
// sending a copy of each measured page's response, bytes and headers, from memory (what an edge-cache hit sends, with
// nothing else done: the floor of a repeat request, whatever the page's size). The floors have
// static assets configured like the storefront, so every request of all three passes wrangler's local asset
// router first (at Cloudflare that routing is not the Worker's CPU; locally it is in the measured process). It prints,
// against the budgets of scripts/budgets.mjs: client JS and CSS per page type (gzip), the worker bundle
// (gzip), server CPU per request of each page (utime + stime of the workerd processes, from
// /proc/<pid>/stat, divided by the requests served) and throughput, as ratios to the floors, cached
// (the same address again: an edge-cache hit), returning (the same, from a visitor with a consent choice and an
// anti-forgery seed: a hit too), uncached (with a session cookie that opens to no session, which bypasses the edge
// cache and renders the anonymous page: the render alone) and miss (a new query string each request: lookup,
// render and store; locally the Cache API is emulated inside workerd, so its cost lands in this process, unlike at
// Cloudflare), interleaved over rounds so a loaded machine affects all alike (a hit in one-second turns with its page
// copy); then load and soak, and Lighthouse mobile scores.
// Writes bench-results/latest.json. It is a measurement, not a test. Absolute times on a shared
// machine mean little: read the ratios.
//
//   BENCH_PORT=8798   the storefront; the floors use BENCH_PORT+1 to BENCH_PORT+3
//   BENCH_SECONDS=3   each measured run (10 connections)
//   BENCH_HIT_SECONDS=6   each side of an edge-cache hit and its page copy, in one-second turns
//   BENCH_WARM_SECONDS=1  the same requests, unmeasured, just before each run (0: none)
//   BENCH_ROUNDS=3    interleaved rounds
//   LOAD_SECONDS=20   load and soak: 50 connections per route, three rounds (0 skips it)
//   BENCH_LIGHTHOUSE=0  skip Lighthouse
//   BENCH_LH_RUNS=1     Lighthouse runs per page (median, and the worst of each metric)
//   BENCH_PAGES=configurator,test drive   measure CPU of these pages only (a quick before/after)
//   BENCH_KINDS=uncached   and of these request kinds only
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { median, requests, round2, slice, spread, summed, waitForServer } from './bench-cpu.mjs'
import { BUDGET } from './budgets.mjs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 8798)
const BASE = `http://127.0.0.1:${PORT}`
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
/**
 * A hit and its page copy, measured against a budget of 1.1 × each other, get more turns than the rest: at 3 s a
 * side, one round's ratio moved too far from the next for a budget that narrow.
 */
const HIT_SECONDS = Number(process.env.BENCH_HIT_SECONDS ?? 6)
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 1)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const FLOORS = { bare: PORT + 1, react: PORT + 2, copy: PORT + 3 }
const { NODE_ENV: _ignored, ...inherited } = process.env
const env = {
  ...inherited,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  // wrangler dev records a trace of every request into a SQLite file by default (its local explorer's
  // observability), in the measured workerd process: work a deployed Worker does not do, and one that grows with
  // every run, so that it would cost each server more the longer the bench had been used.
  X_LOCAL_OBSERVABILITY: 'false',
  PERSIST_TO: '.wrangler/bench-state',
  EXTRA_SQL: 'e2e/fixtures.sql',
}
/**
 * What earlier runs left behind, removed before this one: the local Cache API's pages (locally nothing evicts them:
 * every `miss` request's page stays) and the trace stores above. A deployment starts with an
 * empty edge cache too: its build id is in every key.
 */
const LEFTOVERS = [
  `${env.PERSIST_TO}/v3/cache`,
  `${env.PERSIST_TO}/v3/observability`,
  'bench/.wrangler/state/v3/cache',
  'bench/.wrangler/state/v3/observability',
]

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 20)
const LOAD_ROUNDS = 3

/** Marks a page type whose address belongs to a signed-in customer: known only after signedIn() has placed an order. */
const SIGNED_IN = null
/** Page types and an address of each (records from e2e/fixtures.sql). */
const PAGES = {
  home: '/no',
  configurator: '/no/configurator/p5',
  overview: '/nl/configurator/overview/cfg-e2e',
  'test drive': '/se/test-drive/p5',
  // The signed-in pages: a customer's own order, placed by the bench in the browser (signedIn below).
  'order form': SIGNED_IN,
  'order detail': SIGNED_IN,
  'order success': SIGNED_IN,
  content: '/de/marketing',
  legal: '/fr/policy',
  'quick delivery': '/no/quick-delivery',
  'trade-in': '/se/trade-in',
  error: '/nl/does-not-exist',
}
/** Pages measured for CPU and throughput against the floors, cached and uncached. */
const ALL_CPU_PAGES = {
  home: '/no',
  configurator: '/no/configurator/p5',
  'test drive': '/se/test-drive/p5',
  terms: '/no/terms-conditions',
  content: '/de/marketing',
  'quick delivery': '/no/quick-delivery',
}
const only = (list) => (list ? new Set(list.split(',').map((x) => x.trim())) : null)
const pagesAsked = only(process.env.BENCH_PAGES)
const CPU_PAGES = Object.fromEntries(
  Object.entries(ALL_CPU_PAGES).filter(([name]) => !pagesAsked || pagesAsked.has(name)),
)
/** Routes held under load: the two main SSR pages and a JSON endpoint. */
const LOAD_ROUTES = { home: '/no', configurator: '/no/configurator/p5', 'api /v1/sites': '/api/v1/sites' }

function npm(script) {
  const result = spawnSync('npm', ['run', script], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10
const gzipKb = (text) => kb(gzipSync(text).length)

/** A floor Worker of bench/ under the same wrangler, in its own process group. */
function serveFloor(name, port, vars = {}) {
  const args = ['wrangler', 'dev', '--config', `bench/${name}.toml`, '--ip', '127.0.0.1', '--port', String(port)]
  args.push('--log-level', 'warn')
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`)
  return spawn('npx', args, { env, stdio: 'ignore', detached: true })
}

const kindsAsked = only(process.env.BENCH_KINDS)
const KINDS = ['cached', 'returning', 'uncached', 'miss'].filter((kind) => !kindsAsked || kindsAsked.has(kind))

/**
 * One measured run: 10 connections for SECONDS on a server; the workerd CPU it cost per request.
 * 'miss' gives every request its own query string, so no cache can answer it; 'uncached' and 'returning' send
 * their cookies (KIND_COOKIES).
 */
async function measure(base, group, path, kind = 'cached') {
  // Unmeasured first: what the run before left in the process (another page's renders and their garbage, a page
  // pushed out of the isolate's memory) is not this run's cost.
  if (WARM_SECONDS > 0) await requests(base, path, kind, WARM_SECONDS)
  return summed([await slice(base, group, path, kind, SECONDS)])
}

/**
 * A page and its floor, sent the same request (its cookies too), measured in turns: one-second slices in the order
 * page, floor, floor, page, page, floor… (`seconds` of each; the floor first when `floorFirst`: whichever goes first
 * comes out a little cheaper), each after its warm-up. A shared machine's speed moves from minute to minute, within a
 * run too. In turns, a change of the machine's speed lands on both alike.
 */
async function inTurns(path, kind, page, floor, floorFirst = false, seconds = SECONDS) {
  const sides = [
    { ...page, slices: [] },
    { ...floor, slices: [] },
  ]
  if (WARM_SECONDS > 0) for (const side of sides) await requests(side.base, side.path ?? path, kind, WARM_SECONDS)
  for (let i = 0; i < seconds; i++) {
    for (const side of (i % 2 === 1) !== floorFirst ? [...sides].reverse() : sides)
      side.slices.push(await slice(side.base, side.group, side.path ?? path, kind, 1))
  }
  return { page: summed(sides[0].slices), floor: summed(sides[1].slices) }
}

/** Request kinds an edge-cache hit answers: compared with the page-copy floor too. */
const HITS = new Set(['cached', 'returning'])

/**
 * Interleaved rounds: in each, the floors and every page (each request kind; a hit kind in turns with the page-copy
 * floor, the uncached render in turns with the React floor, each floor sent the same request); ratios are taken
 * within a round (an uncached render's to the React floor beside it, others' to the round's), then the median over
 * rounds. Every other round measures the returning visitor's hit before the first visit's, so that neither is always
 * the one nearest to the previous page's renders (the garbage they leave is collected in the next seconds), and
 * starts each pair's turns with the floor.
 */
async function cpuRounds(groups) {
  const perRound = []
  for (let round = 0; round < ROUNDS; round++) {
    const r = {
      bare: await measure(`http://127.0.0.1:${FLOORS.bare}`, groups.bare, '/'),
      react: await measure(`http://127.0.0.1:${FLOORS.react}`, groups.react, '/'),
      pages: {},
      copies: {},
      reactBeside: {},
    }
    // Every other round: the returning visitor's hit first, and each pair's turns starting with the floor.
    const swapped = round % 2 === 1
    const hitKinds = KINDS.filter((kind) => HITS.has(kind))
    const order = [...(swapped ? hitKinds.reverse() : hitKinds), ...KINDS.filter((kind) => !HITS.has(kind))]
    const app = { base: BASE, group: groups.app }
    const copy = { base: `http://127.0.0.1:${FLOORS.copy}`, group: groups.copy }
    const react = { base: `http://127.0.0.1:${FLOORS.react}`, group: groups.react, path: '/' }
    for (const [name, path] of Object.entries(CPU_PAGES)) {
      r.pages[name] = {}
      r.copies[name] = {}
      r.reactBeside[name] = {}
      for (const kind of order) {
        // A hit in turns with the page copy; the render alone (the row with a budget against the React floor) in
        // turns with the React floor.
        if (HITS.has(kind)) {
          const { page, floor } = await inTurns(path, kind, app, copy, swapped, HIT_SECONDS)
          r.pages[name][kind] = page
          r.copies[name][kind] = floor
        } else if (kind === 'uncached') {
          const { page, floor } = await inTurns(path, kind, app, react, swapped)
          r.pages[name][kind] = page
          r.reactBeside[name][kind] = floor
        } else r.pages[name][kind] = await measure(BASE, groups.app, path, kind)
      }
    }
    perRound.push(r)
  }
  const summary = {
    bare: { cpuMs: median(perRound.map((r) => r.bare.cpuMs)), rps: median(perRound.map((r) => r.bare.rps)) },
    react: { cpuMs: median(perRound.map((r) => r.react.cpuMs)), rps: median(perRound.map((r) => r.react.rps)) },
    pages: {},
    copies: {},
  }
  for (const name of Object.keys(CPU_PAGES)) {
    const copyKind = KINDS.find((kind) => HITS.has(kind))
    if (copyKind) summary.copies[name] = { cpuMs: round2(median(perRound.map((r) => r.copies[name][copyKind].cpuMs))) }
    summary.pages[name] = {}
    for (const kind of KINDS) {
      const runs = perRound.map((r) => ({
        page: r.pages[name][kind],
        bare: r.bare,
        react: r.reactBeside[name][kind] ?? r.react,
        copy: r.copies[name][kind],
      }))
      const vsCopy = HITS.has(kind) ? runs.map((x) => x.page.cpuMs / x.copy.cpuMs) : null
      summary.pages[name][kind] = {
        cpuMs: round2(median(runs.map((x) => x.page.cpuMs))),
        rps: Math.round(median(runs.map((x) => x.page.rps))),
        cpuVsBare: round2(median(runs.map((x) => x.page.cpuMs / x.bare.cpuMs))),
        cpuVsReact: round2(median(runs.map((x) => x.page.cpuMs / x.react.cpuMs))),
        cpuVsCopy: vsCopy && round2(median(vsCopy)),
        // How far one round is from the next: the lowest and highest round.
        cpuVsCopyRounds: vsCopy && spread(vsCopy),
        rpsVsBare: round2(median(runs.map((x) => x.page.rps / x.bare.rps))),
        rpsVsReact: round2(median(runs.map((x) => x.page.rps / x.react.rps))),
        errors: runs.reduce((sum, x) => sum + x.page.errors, 0),
      }
    }
  }
  return { summary, rounds: perRound }
}

/**
 * JS a page loads first: its module scripts, the entry its inline loader imports once the page has painted
 * (startAfterFirstPaint), and everything they import statically.
 */
async function pageWeights(path, headers = {}) {
  const html = await (await fetch(`${BASE}${path}`, { headers })).text()
  const scripts = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]*>[^<]*?\bimport\("([^"]+)"\)/g)].map((m) => m[1]),
  ]
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

/**
 * A customer with an order of their own, made in the browser as a person would (the German site, the steps of
 * scripts/screenshots.mjs): the cookies of their signed-in browser and the addresses of their order form, order and
 * its confirmation. The access cookie lasts 15 minutes (ACCESS_TTL_SECONDS), so a new customer is made for each
 * Lighthouse round.
 */
async function signedIn() {
  const { chromium } = await import('playwright-core')
  const { fillRequired } = await import('./fill-form.mjs')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
  try {
    const page = await browser.newPage()
    const navigated = async (action) => {
      await Promise.all([page.waitForEvent('framenavigated'), action()])
      await page.waitForLoadState('load')
    }
    await page.goto(`${BASE}/de`)
    await navigated(() => page.locator('.consent button[value="rejectAll"]').click())
    await page.goto(`${BASE}/de/configurator/p5`)
    await Promise.all([
      page.waitForURL(/\/configurator\/overview\//),
      page.locator('.configurator__save button').click(),
    ])
    const form = `/de/configurator/info-submission/${new URL(page.url()).pathname.split('/').pop()}`
    await page.goto(`${BASE}${form}`)
    const signUp = page.locator('form', { has: page.locator('input[name="intent"][value="signUp"]') })
    await signUp.locator('input[name="name"]').fill('Erika Mustermann')
    await signUp.locator('input[name="email"]').fill(`bench.${Date.now()}@example.com`)
    await signUp.locator('input[name="password"]').fill('a long enough password')
    await navigated(() => signUp.getByRole('button').click())
    const order = page
      .locator('main form[method="post"]')
      .filter({ has: page.locator('button[type="submit"]') })
      .last()
    await fillRequired(order, 'bench')
    await navigated(() => order.locator('button[type="submit"]').last().click())
    const success = new URL(page.url()).pathname
    if (!success.includes('/order/result-confirmation/'))
      throw new Error(`bench: the order was not placed (${page.url()})`)
    const cookies = await page.context().cookies()
    return {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      paths: {
        'order form': form,
        'order detail': success.replace('/result-confirmation', ''),
        'order success': success,
      },
    }
  } finally {
    await browser.close()
  }
}

/**
 * Lighthouse mobile (its default: simulated throttling) on every page type, LH_RUNS rounds over all pages. Per page:
 * the median performance and the worst run's performance, LCP, TBT and CLS, the other three scores' lowest, and the
 * audits that do not pass in any run.
 */
async function lighthouseScores(pages, runs) {
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const found = Object.fromEntries(Object.keys(pages).map((name) => [name, []]))
  for (let round = 0; round < runs; round++) {
    const customer = Object.values(pages).includes(SIGNED_IN) ? await signedIn() : null
    for (const [name, listed] of Object.entries(pages)) {
      // A new browser, with a new profile, for each page: Lighthouse keeps cookies between runs (so that a signed-in
      // run works), and an earlier page's cookies (an anti-forgery seed) would make this one a returning visitor's,
      // or replace the signed-in customer's cookies it is given.
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] })
      try {
        const path = listed ?? customer.paths[name]
        const headers = listed === SIGNED_IN ? { cookie: customer.cookie } : {}
        // Personal pages are noindex by design; Lighthouse counts that against SEO, so for them the
        // crawlability audit is left out and the table says so.
        const page = await fetch(`${BASE}${path}`, { headers, redirect: 'manual' })
        if (listed === SIGNED_IN && page.status !== 200) throw new Error(`bench: ${name} answered ${page.status}`)
        const noindex = (await page.text()).includes('name="robots" content="noindex"')
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          ...(noindex ? { skipAudits: ['is-crawlable'] } : {}),
          ...(listed === SIGNED_IN ? { extraHeaders: headers } : {}),
        }
        let result = await lighthouse(`${BASE}${path}`, flags)
        if (result.lhr.runtimeError && result.lhr.runtimeError.code !== 'ERRORED_DOCUMENT_REQUEST') {
          result = await lighthouse(`${BASE}${path}`, flags)
        }
        const { lhr } = result
        if (lhr.runtimeError) {
          found[name].push({ skipped: lhr.runtimeError.code })
          continue
        }
        // A page that sent Lighthouse elsewhere (a sign-in page for an order) would be measured under a wrong name.
        const landed = new URL(lhr.finalDisplayedUrl)
        if (`${landed.pathname}${landed.search}` !== path) throw new Error(`bench: ${name} (${path}) led to ${landed}`)
        const score = (x) => Math.round((lhr.categories[x]?.score ?? 0) * 100)
        found[name].push({
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          // What the browser itself saw (Lighthouse's LCP is simulated from it), and what moved: for an outlier.
          observed: {
            fcpMs: Math.round(lhr.audits.metrics.details?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN),
            lcpMs: Math.round(lhr.audits.metrics.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN),
            shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => [
              item.node?.selector,
              item.score,
            ]),
            // When each script was asked for (ms from the first request): Lighthouse's pessimistic LCP waits for every
            // request started before the observed LCP, a suspect for the configurator's bimodal simulated LCP.
            scripts: (lhr.audits['network-requests']?.details?.items ?? [])
              .filter((item) => item.resourceType === 'Script')
              .map((item) => [
                item.url.split('/').pop()?.split('?')[0],
                Math.round(item.networkRequestTime),
                item.priority,
              ]),
          },
          noindex,
          failing: Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                a.scoreDisplayMode !== 'informative' &&
                a.scoreDisplayMode !== 'manual',
            )
            .map((a) => a.id),
        })
      } finally {
        chrome.kill()
      }
    }
  }
  const scores = {}
  for (const [name, all] of Object.entries(found)) {
    const audited = all.filter((run) => !run.skipped)
    if (!audited.length) {
      scores[name] = { skipped: all[0]?.skipped ?? 'not run' }
      continue
    }
    const list = (key) => audited.map((run) => run[key])
    scores[name] = {
      path: audited[0].path,
      runs: audited.length,
      performance: median(list('performance')),
      worstPerformance: Math.min(...list('performance')),
      accessibility: Math.min(...list('accessibility')),
      bestPractices: Math.min(...list('bestPractices')),
      seo: Math.min(...list('seo')),
      worstLcpMs: Math.max(...list('lcpMs')),
      worstTbtMs: Math.max(...list('tbtMs')),
      worstCls: Math.max(...list('cls')),
      eachRun: audited.map(({ lcpMs, cls, observed }) => ({ lcpMs, cls, observed })),
      noindex: audited[0].noindex,
      failing: [...new Set(audited.flatMap((run) => run.failing))].slice(0, 8),
    }
  }
  return scores
}

npm('build')
npm('db:setup')
for (const dir of LEFTOVERS) rmSync(dir, { recursive: true, force: true })
const workerGzip = kb(gzipSync(readFileSync('dist/p5_storefront/index.js')).length)
const server = spawn('npm', ['run', 'serve'], { env: { ...env, PORT: String(PORT) }, stdio: 'ignore', detached: true })
const floors = []
const cpuInfo = spawnSync('sh', ['-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2; nproc; cat /proc/loadavg"], {
  encoding: 'utf8',
}).stdout.trim()
const results = {
  date: new Date().toISOString(),
  machine: cpuInfo.split('\n').map((x) => x.trim()),
  workerGzipKb: workerGzip,
  workerRawKb: kb(readFileSync('dist/p5_storefront/index.js').length),
  pages: {},
  cpu: null,
  load: {},
  lighthouse: {},
}
try {
  await waitForServer(`${BASE}/api/health`)
  const customer = await signedIn()
  for (const [name, path] of Object.entries(PAGES)) {
    results.pages[name] = await pageWeights(path ?? customer.paths[name], path ? {} : { cookie: customer.cookie })
  }

  // The React floor renders as many elements and bytes as the configurator page has in this run.
  const configuratorHtml = await (await fetch(`${BASE}${PAGES.configurator}`)).text()
  const size = {
    elements: (configuratorHtml.match(/<[a-zA-Z]/g) ?? []).length,
    bytes: Buffer.byteLength(configuratorHtml),
  }
  floors.push(serveFloor('bare', FLOORS.bare))
  floors.push(serveFloor('react-floor', FLOORS.react, { ELEMENTS: size.elements, BYTES: size.bytes }))
  floors.push(serveFloor('page-copy', FLOORS.copy, { ORIGIN: BASE }))
  await waitForServer(`http://127.0.0.1:${FLOORS.bare}/`)
  await waitForServer(`http://127.0.0.1:${FLOORS.react}/`)
  // The page-copy floor copies each page as an anonymous visitor's repeat request gets it: an edge-cache hit.
  for (const path of Object.values(CPU_PAGES)) {
    await fetch(`${BASE}${path}`).then((res) => res.arrayBuffer())
    await waitForServer(`http://127.0.0.1:${FLOORS.copy}${path}`)
  }
  const floorHtml = await (await fetch(`http://127.0.0.1:${FLOORS.react}/`)).text()
  results.floorSize = {
    configurator: size,
    react: { elements: (floorHtml.match(/<[a-zA-Z]/g) ?? []).length, bytes: Buffer.byteLength(floorHtml) },
  }

  // Warm up every server, then the interleaved rounds.
  await load('/no', 10, 2)
  await load('/no/configurator/p5', 10, 2)
  results.cpu = await cpuRounds({ app: server.pid, bare: floors[0].pid, react: floors[1].pid, copy: floors[2].pid })
  // Load and soak: 50 connections on each route for LOAD_SECONDS, three rounds. workerd's RSS
  // under `wrangler dev` grows with request count even for a static file that never reaches our
  // code, so each round also loads such a file as a control, and growth is compared per request.
  results.soak = { rounds: [] }
  for (let round = 1; round <= (LOAD_SECONDS > 0 ? LOAD_ROUNDS : 0); round++) {
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
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    results.lighthouse = await lighthouseScores(PAGES, Number(process.env.BENCH_LH_RUNS ?? 1))
  }
} finally {
  // A server that has exited already must not hide the error that stopped the bench.
  for (const { pid } of [server, ...floors]) {
    try {
      process.kill(-pid, 'SIGTERM')
    } catch (error) {
      console.error(`bench: could not stop process group ${pid} (${error.code ?? error})`)
    }
  }
}

mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/latest.json', `${JSON.stringify(results, null, 2)}\n`)

const lines = []
lines.push(`Bench ${results.date} on ${results.machine.join(' / ')} (wrangler dev)`)
lines.push('')
lines.push(`| page type | JS gzip kB | CSS gzip kB | HTML gzip kB | budget JS / CSS |`)
lines.push(`|---|---|---|---|---|`)
for (const [name, w] of Object.entries(results.pages)) {
  const jsBudget = name === 'configurator' ? BUDGET.jsConfigurator : w.js > 0 ? BUDGET.jsInteractive : BUDGET.jsStatic
  lines.push(`| ${name} | ${w.js} | ${w.css} | ${w.html} | ≤ ${jsBudget} / ≤ ${BUDGET.css} |`)
}
lines.push('')
lines.push(`Worker bundle gzip: ${workerGzip} kB, raw ${results.workerRawKb} kB (budget ≤ ${BUDGET.worker} kB gzip)`)
lines.push('')
const { summary } = results.cpu
const fs = results.floorSize
lines.push(
  `Server CPU per request (workerd utime+stime / requests), median of ${ROUNDS} interleaved rounds of ${SECONDS}s at 10 connections (a hit and its page copy: ${HIT_SECONDS}s each, in one-second turns), each after ${WARM_SECONDS}s of the same requests unmeasured.`,
)
lines.push(
  `Floors: bare Worker ${round2(summary.bare.cpuMs)} ms, ${Math.round(summary.bare.rps)} req/s; React floor ${round2(summary.react.cpuMs)} ms, ${Math.round(summary.react.rps)} req/s (${fs.react.elements} elements, ${kb(fs.react.bytes)} kB; configurator ${fs.configurator.elements} elements, ${kb(fs.configurator.bytes)} kB).`,
)
lines.push(
  `Page copies (the same response sent from memory by a bare Worker): ${Object.entries(summary.copies)
    .map(([name, copy]) => `${name} ${copy.cpuMs} ms (${round2(copy.cpuMs / summary.bare.cpuMs)}× bare)`)
    .join(', ')}.`,
)
lines.push(
  `Budgets: uncached CPU ≤ ${BUDGET.cpuMainVsReact}× the React floor for configurator and test drive, ≤ ${BUDGET.cpuAnyVsReact}× for every page; a cached repeat ≤ ${BUDGET.cachedVsCopy}× its page copy (decision 30; issue 21 asked ≤ ${BUDGET.cachedVsBare}× the bare Worker, which sending the page alone may exceed).`,
)
lines.push('')
lines.push(
  '| page | request | CPU ms | × bare | × React floor | × page copy (lowest–highest round) | req/s | req/s ÷ bare | req/s ÷ React floor | errors |',
)
lines.push('|---|---|---|---|---|---|---|---|---|---|')
for (const [name, kinds] of Object.entries(summary.pages)) {
  for (const [kind, r] of Object.entries(kinds)) {
    lines.push(
      `| ${name} | ${kind} | ${r.cpuMs} | ${r.cpuVsBare} | ${r.cpuVsReact} | ${r.cpuVsCopy === null ? '-' : `${r.cpuVsCopy} (${r.cpuVsCopyRounds.join('–')})`} | ${r.rps} | ${r.rpsVsBare} | ${r.rpsVsReact} | ${r.errors} |`,
    )
  }
}
lines.push('')
if (results.soak.rounds.length) {
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
}
if (Object.keys(results.lighthouse).length) {
  lines.push('')
  const runs = Math.max(...Object.values(results.lighthouse).map((s) => s.runs ?? 0))
  lines.push(
    `Lighthouse mobile (simulated throttling), ${runs} run${runs === 1 ? '' : 's'} per page: performance is the median (and the worst run), the other scores the lowest; LCP, TBT and CLS the worst run's.`,
  )
  lines.push('')
  lines.push(`| page | perf | a11y | best practices | SEO | LCP ms | TBT ms | CLS | not passing in some run |`)
  lines.push(`|---|---|---|---|---|---|---|---|---|`)
  for (const [name, s] of Object.entries(results.lighthouse)) {
    if (s.skipped) {
      const why = s.skipped === 'ERRORED_DOCUMENT_REQUEST' ? ' (Lighthouse does not audit a page that answers 404)' : ''
      lines.push(`| ${name} | not audited: ${s.skipped}${why} | | | | | | | |`)
      continue
    }
    const perf = s.runs > 1 ? `${s.performance} (${s.worstPerformance})` : `${s.performance}`
    const seo = `${s.seo}${s.noindex ? ' (noindex by design; is-crawlable skipped)' : ''}`
    lines.push(
      `| ${name} | ${perf} | ${s.accessibility} | ${s.bestPractices} | ${seo} | ${s.worstLcpMs} | ${s.worstTbtMs} | ${Math.round(s.worstCls * 1000) / 1000} | ${s.failing.join(', ') || '-'} |`,
    )
  }
  lines.push(
    `Budgets: performance ≥ ${BUDGET.lighthousePerformance}, accessibility, best practices and SEO 100, LCP ≤ ${BUDGET.lcpMs} ms, CLS 0.`,
  )
}
console.log(lines.join('\n'))
