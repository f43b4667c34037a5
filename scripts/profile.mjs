// `node scripts/profile.mjs [path] [requests]` (after `npm run bench`, on its build and `.wrangler/bench-state`): where the Worker's
// CPU goes for one page. Serves the build under wrangler dev with its inspector, sends the page `requests` times with
// a session cookie that opens to no session (so the edge cache is bypassed and the anonymous page renders), records
// a V8 CPU profile through the inspector, and prints self and total milliseconds per request by function, mapped
// back to the sources with the build's source map. `PROFILE_COOKIE=` (empty) sends no cookie: the profile of an edge-cache hit. The sampler slows the Worker: compare shares and before/after, not the milliseconds with the bench.
// Writes the raw profile to bench-results/last.cpuprofile (opens in Chrome's DevTools). `source-map-js` and `ws` come
// with Vite and wrangler.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import WebSocket from 'ws'
import { frameNamer } from './frame-names.mjs'

const PORT = Number(process.env.PROFILE_PORT ?? 8791)
const INSPECTOR = PORT + 540
const path = process.argv[2] ?? '/no/configurator/p5'
const requests = Number(process.argv[3] ?? 200)
const cookie = process.env.PROFILE_COOKIE ?? '__Host-nv_access=profile'
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const args = ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(PORT), '--inspector-port', String(INSPECTOR)]
args.push('--log-level', 'warn', '--var', 'ENVIRONMENT:development', '--persist-to', '.wrangler/bench-state')
const server = spawn('npx', args, { env, stdio: 'ignore', detached: true })

async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()
  // The inspector proxy accepts DevTools' origin only.
  const ws = new WebSocket(target.webSocketDebuggerUrl, { origin: 'https://devtools.devprod.cloudflare.dev' })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let id = 0
  const pending = new Map()
  ws.on('message', (data) => {
    const message = JSON.parse(String(data))
    pending.get(message.id)?.(message.result)
    pending.delete(message.id)
  })
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve)
      ws.send(JSON.stringify({ id, method, params }))
    })
  return { send, close: () => ws.close() }
}

/** Self and total microseconds per source location (name file:line). */
function summarise(profile) {
  const nameFrame = frameNamer()
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const nameOf = (node) => nameFrame(node.callFrame)
  const time = new Map()
  for (const [i, sample] of profile.samples.entries())
    time.set(sample, (time.get(sample) ?? 0) + (profile.timeDeltas[i] ?? 0))
  const self = new Map()
  const total = new Map()
  for (const [id, micros] of time) {
    const name = nameOf(nodes.get(id))
    self.set(name, (self.get(name) ?? 0) + micros)
    const counted = new Set()
    for (let at = id; at; at = parents.get(at)) {
      const caller = nameOf(nodes.get(at))
      if (counted.has(caller)) continue
      counted.add(caller)
      total.set(caller, (total.get(caller) ?? 0) + micros)
    }
  }
  return { self, total }
}

try {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const page = () =>
    fetch(`http://127.0.0.1:${PORT}${path}`, { headers: cookie ? { cookie } : {} }).then((r) => r.text())
  for (let i = 0; i < 50; i++) await page()
  const { send, close } = await inspector()
  await send('Profiler.enable')
  await send('Profiler.setSamplingInterval', { interval: 100 })
  await send('Profiler.start')
  for (let i = 0; i < requests; i++) await page()
  const { profile } = await send('Profiler.stop')
  close()
  mkdirSync('bench-results', { recursive: true })
  writeFileSync('bench-results/last.cpuprofile', JSON.stringify(profile))
  const { self, total } = summarise(profile)
  const idle = /^\((idle|root|program)\)/
  const top = (times, count) =>
    [...times]
      .filter(([name]) => !idle.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `${(micros / 1000 / requests).toFixed(3).padStart(7)}  ${name}`)
      .join('\n')
  console.log(`${path}, ${requests} requests: ms per request, with the sampler's overhead`)
  console.log(`--- self\n${top(self, 40)}\n--- total\n${top(total, 80)}`)
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM')
  } catch {
    // It had stopped already (a port in use, say): the error above says why.
  }
}
