import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type Engine, enginesToRun } from './engines/engines'

const PORT = Number(process.env.E2E_PORT ?? 8799)
/** The storefront over HTTPS for WebKit and Firefox: the next port. */
const SECURE_PORT = PORT + 1
/** WebKitWebDriver: the one after. */
const WEBDRIVER_PORT = PORT + 2
// Vitest sets NODE_ENV=test, which would make `vite build` produce a non-production bundle.
const { NODE_ENV: _vitestNodeEnv, ...inherited } = process.env
// Browser tests keep their own local state, with fixture records, apart from the developer's.
const env = {
  ...inherited,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
  PERSIST_TO: '.wrangler/e2e-state',
  EXTRA_SQL: 'e2e/fixtures.sql',
}
/** The HTTPS server's own state: two workerd processes never share one database file. */
const secureEnv = { ...env, PERSIST_TO: '.wrangler/e2e-secure-state' }

function run(script: string, withEnv: NodeJS.ProcessEnv = env): void {
  const result = spawnSync('npm', ['run', script], { env: withEnv, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms`)
}

/** Whether the HTTPS server answers its health check, trusting only the throwaway certificate. */
function secureHealthy(url: string, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, { ca }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    }).on('error', () => resolve(false))
  })
}

/**
 * A certificate for `localhost` made for this run only, in a temporary folder removed afterwards (never in the
 * repository): WebKit keeps no Secure cookie over plain http://localhost, so consent and sign-in would not stick.
 */
function throwawayCertificate(): { dir: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nordvolt-e2e-tls-'))
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`)
  return { dir, cert, key }
}

/** Xvfb on the first free display (it writes the number to fd 3), for WebKitGTK, which needs a display. */
async function startDisplay(): Promise<{ process: ChildProcess; display: string }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: true,
  })
  const display = await new Promise<string>((resolve, reject) => {
    let text = ''
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('\n')) resolve(`:${text.trim()}`)
    })
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)))
    setTimeout(() => reject(new Error('Xvfb gave no display within 10 s')), 10_000)
  })
  return { process: xvfb, display }
}

const started: ChildProcess[] = []

/** `npm run serve` on a port; the storefront's official origin is the address the browsers use (e-mails, canonical links). */
function serve(withEnv: NodeJS.ProcessEnv, origin: string, log: string, extra: string[] = []): void {
  const out = openSync(log, 'w')
  started.push(
    spawn('npm', ['run', 'serve', '--', ...extra], {
      env: { ...withEnv, PORT: new URL(origin).port, OFFICIAL_URL: origin },
      stdio: ['ignore', out, out],
      detached: true,
    }),
  )
}

/**
 * Builds, migrates and seeds, then serves the storefront exactly as `npm start` does: over HTTP for Chromium, and
 * over HTTPS (a second server with its own state) for WebKit and Firefox, with Xvfb and WebKitWebDriver for WebKit.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Whatever ends this process, the servers, the display and the driver end with it.
  process.once('exit', stopAll)
  try {
    return await start(project)
  } catch (error) {
    stopAll()
    throw error
  }
}

let tls: ReturnType<typeof throwawayCertificate> | undefined

function stopAll(): void {
  for (const child of started.reverse()) {
    try {
      // Each was started as the leader of its own process group: the group goes, its children with it.
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Gone already.
    }
  }
  started.length = 0
  if (tls) rmSync(tls.dir, { recursive: true, force: true })
}

async function start(project: TestProject): Promise<() => Promise<void>> {
  const engines = enginesToRun()
  if (!process.env.E2E_SKIP_BUILD) run('build')
  run('db:setup')
  // WebKit and Firefox run against the HTTPS server, and so does the app's webview in every engine.
  run('db:setup', secureEnv)
  // The server's own output (wrangler's warnings, the Worker's console.error with request ids) goes to a file, so a
  // browser test that stalls can be matched with what the Worker did meanwhile.
  mkdirSync('e2e-screenshots', { recursive: true })
  serve(env, `http://127.0.0.1:${PORT}`, 'e2e-screenshots/server.log')
  // One server up before the next starts: two wrangler processes starting at once can pick the same free port for
  // their own inner sockets.
  await waitFor(async () => (await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok, 'the storefront', 90_000)
  project.provide('baseUrl', `http://127.0.0.1:${PORT}`)
  const certificate = throwawayCertificate()
  tls = certificate
  serve(secureEnv, `https://localhost:${SECURE_PORT}`, 'e2e-screenshots/server-secure.log', [
    ...['--local-protocol', 'https', '--https-key-path', certificate.key, '--https-cert-path', certificate.cert],
  ])
  let webDriverUrl = ''
  if (engines.includes('webkit')) {
    const { process: xvfb, display } = await startDisplay()
    started.push(xvfb)
    const driverLog = openSync('e2e-screenshots/webkit-driver.log', 'w')
    started.push(
      spawn('WebKitWebDriver', [`--port=${WEBDRIVER_PORT}`], {
        env: { ...process.env, DISPLAY: display, NO_AT_BRIDGE: '1' },
        stdio: ['ignore', driverLog, driverLog],
        detached: true,
      }),
    )
    webDriverUrl = `http://127.0.0.1:${WEBDRIVER_PORT}`
    await waitFor(async () => (await fetch(`${webDriverUrl}/status`)).ok, 'WebKitWebDriver', 20_000)
  }
  const ca = readFileSync(certificate.cert)
  const secureBase = `https://localhost:${SECURE_PORT}`
  await waitFor(() => secureHealthy(`${secureBase}/api/health`, ca), 'the storefront over HTTPS', 90_000)
  project.provide('secureBaseUrl', secureBase)
  project.provide('certificate', certificate.cert)
  project.provide('webDriverUrl', webDriverUrl)
  project.provide('engines', engines)
  return async () => stopAll()
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The HTTPS server of the WebKit and Firefox runs and of the app's webview. */
    secureBaseUrl: string
    /** Its throwaway certificate, which WebKit is told to trust for localhost. */
    certificate: string
    /** WebKitWebDriver's address ('' when WebKit does not run). */
    webDriverUrl: string
    engines: Engine[]
  }
}
