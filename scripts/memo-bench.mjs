// `node scripts/memo-bench.mjs`: what each memo of src/lib/memo.ts saves, in one run. It builds the storefront once as
// it is and once per memo with that memo made into a plain call (bench/memo-bypass.vite.config.ts), serves the build
// as it is and, one after another, each other build under wrangler dev, and measures the uncached render (the bench's
// "uncached" request: a session cookie that opens to no session, or the request a memo names) of the pages it serves, in one-second turns
// beside the build as it is, so a change of the machine's speed lands on both alike. It prints CPU per request with
// and without the memo and their ratio (median of the rounds, and the lowest and highest round). The first row builds
// the same code twice: how far two equal builds differ is the noise a memo's figure has to stand out of.
// Writes bench-results/memos.json. It is a measurement, not a test.
//
//   MEMO_ROUNDS=3    rounds per memo and page
//   MEMO_TURNS=3     one-second turns of each side per round
//   MEMO_ONLY=views,panels   measure these rows only
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { median, requests, round2, slice, spread, summed, waitForServer } from './bench-cpu.mjs'

const ROUNDS = Number(process.env.MEMO_ROUNDS ?? 3)
const TURNS = Number(process.env.MEMO_TURNS ?? 3)
const PORTS = { base: 8830, variant: 8831 }
const WORK = '.memo-bench'
const STATE = `${WORK}/state`

/** Pages with records in e2e/fixtures.sql, as the bench names them. */
const PAGES = {
  home: '/no',
  configurator: '/no/configurator/p5',
  'test drive': '/se/test-drive/p5',
  content: '/de/marketing',
  'trade-in': '/se/trade-in',
  'quick delivery': '/no/quick-delivery',
  legal: '/fr/policy',
}

/**
 * Each memo (`file:const` under src/), named as docs/architecture.md names it, with the pages whose render reads it
 * and the request that reaches it (`kind`, as the bench names them: the uncached render unless named).
 */
const MEMOS = [
  { name: 'same code (noise)', bypass: [], pages: ['configurator', 'home'] },
  { name: 'slim catalog', bypass: ['routes/helpers/configurator-views.ts:visitorCatalogs'], pages: ['configurator'] },
  {
    name: 'rules in force on a day',
    bypass: ['routes/helpers/configurator-views.ts:rulesByDay'],
    pages: ['configurator'],
  },
  { name: 'computed car (views)', bypass: ['routes/helpers/configurator-views.ts:views'], pages: ['configurator'] },
  { name: 'first finance panel (panels)', bypass: ['routes/configurator.tsx:panels'], pages: ['configurator'] },
  { name: "form page's car", bypass: ['routes/helpers/form-car.ts:madeCars'], pages: ['content', 'trade-in'] },
  { name: 'stock prices', bypass: ['app/priced-stock.ts:prices'], pages: ['quick delivery'] },
  { name: 'slot layouts', bypass: ['app/test-drive.ts:layouts'], pages: ['test drive'] },
  { name: 'free slots per window', bypass: ['app/test-drive.ts:windows'], pages: ['test drive'] },
  { name: 'showrooms parsed', bypass: ['store/documents.ts:parsedStores'], pages: ['test drive', 'legal'] },
  { name: 'message picks', bypass: ['i18n/intl.ts:picks'], pages: ['configurator', 'home'] },
  { name: 'compiled messages', bypass: ['worker/ssr/compiled-messages.ts:compiled'], pages: ['configurator', 'home'] },
  { name: 'formatted texts', bypass: ['i18n/locale-formats.ts:rememberedTexts'], pages: ['configurator', 'home'] },
  { name: 'car drawings', bypass: ['worker/ssr/car-drawing.ts:pictures'], pages: ['configurator', 'home'] },
  { name: 'calendar day per minute', bypass: ['i18n/calendar.ts:days'], pages: ['test drive', 'configurator'] },
  { name: 'configuration parsed', bypass: ['worker/env.ts:parsed'], pages: ['home', 'configurator'] },
  {
    name: "a shared value's JSON",
    bypass: ['worker/ssr/serialize.ts:serializedOnce'],
    pages: ['configurator', 'home'],
  },
  { name: 'formatjs intl instances', bypass: ['i18n/intl.ts:instances'], pages: ['configurator', 'home'] },
  { name: 'number formatters', bypass: ['i18n/formats.ts:formats'], pages: ['configurator', 'home'] },
  // Memos that key on each other's objects, or whose values are serialized once because they are shared: together.
  {
    name: 'removed together',
    bypass: [
      'routes/helpers/configurator-views.ts:visitorCatalogs',
      'routes/helpers/configurator-views.ts:rulesByDay',
      'routes/helpers/configurator-views.ts:views',
      'routes/configurator.tsx:panels',
      'routes/helpers/form-car.ts:madeCars',
      'app/test-drive.ts:layouts',
      'app/test-drive.ts:windows',
      'i18n/locale-formats.ts:rememberedTexts',
    ],
    pages: ['configurator', 'home', 'test drive', 'content'],
  },
  {
    name: 'panel, slots, calendar, form car and configuration together',
    bypass: [
      'routes/configurator.tsx:panels',
      'routes/helpers/form-car.ts:madeCars',
      'app/test-drive.ts:layouts',
      'app/test-drive.ts:windows',
      'i18n/calendar.ts:days',
      'worker/env.ts:parsed',
    ],
    pages: ['configurator', 'test drive', 'home'],
  },
  {
    name: 'date formatters',
    bypass: ['i18n/dates.ts:dateTimeFormats', 'i18n/dates.ts:weekdayDateFormats', 'i18n/calendar.ts:formatters'],
    pages: ['test drive', 'configurator'],
  },
]
const onlyAsked = process.env.MEMO_ONLY ? new Set(process.env.MEMO_ONLY.split(',').map((x) => x.trim())) : null
const measured = MEMOS.filter((memo, i) => i === 0 || !onlyAsked || onlyAsked.has(memo.name))

const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  CI: 'true',
  X_LOCAL_OBSERVABILITY: 'false',
}
delete env.NODE_ENV

const slug = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()

/** Builds with these memos bypassed into WORK/<slug>/dist. */
function build(folder, bypass) {
  const result = spawnSync('npx', ['vite', 'build', '--config', 'bench/memo-bypass.vite.config.ts'], {
    env: { ...env, MEMO_BYPASS: JSON.stringify(bypass) },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`the build of ${folder} failed:\n${result.stderr}`)
  rmSync(`${WORK}/${folder}`, { recursive: true, force: true })
  mkdirSync(`${WORK}/${folder}`, { recursive: true })
  renameSync('dist', `${WORK}/${folder}/dist`)
}

/** A build under wrangler dev with its own copy of the seeded state, in its own process group. */
async function serve(folder, port) {
  const state = `${WORK}/${folder}/state`
  rmSync(state, { recursive: true, force: true })
  cpSync(STATE, state, { recursive: true })
  const args = ['wrangler', 'dev', '--config', `${WORK}/${folder}/dist/p5_storefront/wrangler.json`]
  args.push('--ip', '127.0.0.1', '--port', String(port), '--log-level', 'warn', '--persist-to', state)
  args.push('--var', 'ENVIRONMENT:development', '--var', `OFFICIAL_URL:http://localhost:${port}`)
  const child = spawn('npx', args, { env, stdio: 'ignore', detached: true })
  await waitForServer(`http://127.0.0.1:${port}/api/health`)
  return child
}

const stop = (child) => {
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {}
}

/** One round: warm both, then one-second turns, the order swapped every other turn (and round). */
async function round(path, kind, base, variant, swapped) {
  const sides = [
    { ...base, slices: [] },
    { ...variant, slices: [] },
  ]
  for (const side of sides) await requests(side.base, path, kind, 1)
  for (let i = 0; i < TURNS * 2; i++) {
    const side = sides[(i + (swapped ? 1 : 0)) % 2]
    side.slices.push(await slice(side.base, side.group, path, kind, 1))
  }
  return { with: summed(sides[0].slices), without: summed(sides[1].slices) }
}

rmSync(WORK, { recursive: true, force: true })
mkdirSync(WORK, { recursive: true })
const setup = spawnSync('npm', ['run', 'db:setup'], {
  env: { ...env, PERSIST_TO: STATE, EXTRA_SQL: 'e2e/fixtures.sql' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
if (setup.status !== 0) throw new Error('npm run db:setup failed')
build('as-it-is', [])
for (const memo of measured) build(slug(memo.name), memo.bypass)

const results = { date: new Date().toISOString(), rounds: ROUNDS, turns: TURNS, memos: [] }
const baseServer = await serve('as-it-is', PORTS.base)
try {
  const base = { base: `http://127.0.0.1:${PORTS.base}`, group: baseServer.pid }
  for (const memo of measured) {
    const server = await serve(slug(memo.name), PORTS.variant)
    try {
      const variant = { base: `http://127.0.0.1:${PORTS.variant}`, group: server.pid }
      for (const page of memo.pages) {
        const runs = []
        const kind = memo.kind ?? 'uncached'
        for (let r = 0; r < ROUNDS; r++) runs.push(await round(PAGES[page], kind, base, variant, r % 2 === 1))
        const errors = runs.reduce((sum, run) => sum + run.with.errors + run.without.errors, 0)
        const ratios = runs.map((run) => run.without.cpuMs / run.with.cpuMs)
        const row = {
          memo: memo.name,
          bypass: memo.bypass,
          page,
          kind: memo.kind ?? 'uncached',
          withMs: round2(median(runs.map((run) => run.with.cpuMs))),
          withoutMs: round2(median(runs.map((run) => run.without.cpuMs))),
          ratio: round2(median(ratios)),
          rounds: spread(ratios),
          errors,
        }
        results.memos.push(row)
        console.log(
          `${memo.name.padEnd(30)} ${page.padEnd(15)} ${String(row.withMs).padStart(6)} ms with, ${String(row.withoutMs).padStart(6)} without: ×${row.ratio} (rounds ${row.rounds.join('–')})${errors ? `, ${errors} errors` : ''}`,
        )
      }
    } finally {
      stop(server)
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
} finally {
  stop(baseServer)
}
mkdirSync('bench-results', { recursive: true })
writeFileSync('bench-results/memos.json', `${JSON.stringify(results, null, 2)}\n`)
