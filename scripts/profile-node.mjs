// `npx node scripts/profile-node.mjs [path] [requests]` (after `npm run build` and `npm run bench`, whose
// `.wrangler/bench-state` it reads): where the JavaScript of one uncached page goes, measured in Node instead of workerd.
// It imports the built Worker (dist/p5_storefront/index.js), gives it wrangler's local bindings (getPlatformProxy), sends
// the page `requests` times with a session cookie that opens to no session (as the bench's "uncached" request), and
// prints the wall and CPU time per request, then self and total microseconds per request by function, mapped back to
// the sources. `PROFILE=alloc` prints kilobytes allocated per request instead (V8's sampling heap profiler, objects
// collected since counted): what the garbage collector has to clear after each render.
//
// Why Node: the V8 sampler inside `wrangler dev` (scripts/profile.mjs) blames a request's first function for time spent
// around it, so small functions look large; Node runs the same bundle on the same V8 with a sampler that agrees with
// the bench when parts are taken away. What it leaves out is the runtime's own share (workerd's HTTP, streams and
// headers): compare builds with the bench, and use this to find what to change.
//
// The D1 database is the proxy's, except that `withSession` answers locally (the proxy would cross a process for it on
// every request); a page that queries D1 still reaches it through the proxy, which then dominates its figures.

import { Session } from 'node:inspector/promises'
import { getPlatformProxy } from 'wrangler'
import { frameNamer } from './frame-names.mjs'

const path = process.argv[2] ?? '/no/configurator/p5'
const requests = Number(process.argv[3] ?? 1000)
const mode = process.env.PROFILE === 'alloc' ? 'alloc' : 'cpu'

const proxy = await getPlatformProxy({
  configPath: 'dist/p5_storefront/wrangler.json',
  persist: { path: '.wrangler/bench-state/v3' },
})
const db = proxy.env.DB
const session = { prepare: (...a) => db.prepare(...a), batch: (...a) => db.batch(...a), getBookmark: () => null }
const env = { ...proxy.env, ENVIRONMENT: 'development', DB: { ...session, withSession: () => session } }
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} }
const worker = (await import(new URL('../dist/p5_storefront/index.js', import.meta.url).href)).default
const headers = { cookie: '__Host-nv_access=profile' }
const page = async () => {
  const res = await worker.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers }), env, ctx)
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
  return (await res.arrayBuffer()).byteLength
}

const nameOf = frameNamer()

/** Adds each node's own figure to its name (self) and to every distinct name above it (total). */
function tally(nodes, children, own) {
  const self = new Map()
  const total = new Map()
  const walk = (node, above) => {
    const name = nameOf(node.callFrame)
    self.set(name, (self.get(name) ?? 0) + own(node))
    const names = new Set(above).add(name)
    for (const each of names) total.set(each, (total.get(each) ?? 0) + own(node))
    for (const child of children(node)) walk(child, names)
  }
  for (const root of nodes) walk(root, new Set())
  return { self, total }
}

function print({ self, total }, unit, scale) {
  const top = (figures, count) =>
    [...figures]
      .filter(([name]) => !/^\((root|idle|program)\)|\[node:inspector\]/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, value]) => `${(value / scale / requests).toFixed(1).padStart(8)}  ${name}`)
      .join('\n')
  console.log(`--- self, ${unit} per request\n${top(self, 40)}\n--- total, ${unit} per request\n${top(total, 60)}`)
}

try {
  console.log(`${path}: ${await page()} bytes`)
  for (let i = 0; i < 100; i++) await page()
  const inspector = new Session()
  inspector.connect()
  if (mode === 'alloc') {
    await inspector.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
    for (let i = 0; i < requests; i++) await page()
    const { profile } = await inspector.post('HeapProfiler.stopSampling')
    print(
      tally(
        [profile.head],
        (node) => node.children,
        (node) => node.selfSize,
      ),
      'kB allocated',
      1024,
    )
  } else {
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.setSamplingInterval', { interval: 100 })
    await inspector.post('Profiler.start')
    const started = performance.now()
    const cpu = process.cpuUsage()
    for (let i = 0; i < requests; i++) await page()
    const used = process.cpuUsage(cpu)
    const wall = performance.now() - started
    const { profile } = await inspector.post('Profiler.stop')
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    const time = new Map()
    for (const [i, id] of profile.samples.entries()) time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
    const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []))
    console.log(
      `wall ${((wall * 1000) / requests).toFixed(0)} µs, CPU ${((used.user + used.system) / requests).toFixed(0)} µs per request (with the sampler)`,
    )
    print(
      tally(
        profile.nodes.filter((node) => !childIds.has(node.id)),
        (node) => (node.children ?? []).map((id) => byId.get(id)),
        (node) => time.get(node.id) ?? 0,
      ),
      'µs',
      1,
    )
  }
  inspector.disconnect()
} finally {
  await proxy.dispose()
}
