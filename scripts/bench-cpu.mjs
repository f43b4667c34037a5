// What scripts/bench.mjs and scripts/memo-bench.mjs measure with: requests sent with autocannon, and the CPU the
// workerd processes of a server's process group used meanwhile (utime + stime, from /proc/<pid>/stat).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

/** Waits until `url` answers 2xx (a minute at most). */
export async function waitForServer(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server did not start: ${url}`)
}

/** CPU seconds (user + system) used so far by the workerd processes of a process group. */
export function runtimeCpuSeconds(groupId) {
  const ps = spawnSync('ps', ['-o', 'pid=,comm=', '-g', String(groupId)], { encoding: 'utf8' })
  let ticks = 0
  for (const line of ps.stdout.split('\n')) {
    const [pid, comm] = line.trim().split(/\s+/)
    if (comm !== 'workerd') continue
    try {
      // Fields after the ")" that closes the command name: state is 3rd, utime 14th, stime 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {}
  }
  const hz = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100
  return ticks / hz
}

let missCounter = 0
/**
 * The cookies each request kind sends. 'uncached': a session cookie that opens to no session, so the edge cache is
 * bypassed (as for any cookie of the visitor's own) and the page renders as anonymous. 'returning': a visitor who
 * answered the consent banner and whose pages fetched an anti-forgery token; the edge cache answers them too.
 */
export const KIND_COOKIES = {
  uncached: '__Host-nv_access=bench',
  returning: `__Host-consent=v1.${new Date().toISOString().slice(0, 10)}.a0.m0; __Host-csrf=${'b'.repeat(43)}`,
}

/** autocannon for `seconds` at 10 connections, sent a request kind's cookies; a 'miss' gets a new query each time. */
export function requests(base, path, kind, seconds) {
  return autocannon({
    url: `${base}${path}`,
    connections: 10,
    duration: seconds,
    headers: KIND_COOKIES[kind] ? { cookie: KIND_COOKIES[kind] } : {},
    requests:
      kind === 'miss'
        ? [
            {
              setupRequest: (req) => ({
                ...req,
                path: `${path}${path.includes('?') ? '&' : '?'}bench-miss=${Date.now().toString(36)}-${++missCounter}`,
              }),
            },
          ]
        : undefined,
  })
}

/** One measured stretch of `seconds`: the requests served, and the workerd CPU of the server's group meanwhile. */
export async function slice(base, group, path, kind, seconds) {
  const cpuBefore = runtimeCpuSeconds(group)
  const result = await requests(base, path, kind, seconds)
  const cpu = runtimeCpuSeconds(group) - cpuBefore
  return { cpu, total: result.requests.total, errors: result.errors + result.non2xx, seconds }
}

/** What measured slices add up to: CPU per request (ms) and requests per second. */
export function summed(slices) {
  const cpu = slices.reduce((sum, s) => sum + s.cpu, 0)
  const total = slices.reduce((sum, s) => sum + s.total, 0)
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0)
  return {
    rps: total / seconds,
    cpuMs: total ? (cpu * 1000) / total : Number.NaN,
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    total,
  }
}

export const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (!sorted.length) return Number.NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
export const round2 = (x) => Math.round(x * 100) / 100
export const spread = (values) => [round2(Math.min(...values)), round2(Math.max(...values))]
