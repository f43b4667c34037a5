import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, openSync } from 'node:fs'
import type { TestProject } from 'vitest/node'

const PORT = Number(process.env.E2E_PORT ?? 8799)
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

function run(script: string): void {
  const result = spawnSync('npm', ['run', script], { env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

let server: ChildProcess | undefined

/** Builds, migrates and seeds, then serves the storefront exactly as `npm start` does. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) run('build')
  run('db:setup')
  // The server's own output (wrangler's warnings, the Worker's console.error with request ids) goes to a file, so a
  // browser test that stalls can be matched with what the Worker did meanwhile.
  mkdirSync('e2e-screenshots', { recursive: true })
  const log = openSync('e2e-screenshots/server.log', 'w')
  server = spawn('npm', ['run', 'serve'], {
    // The storefront's official origin is the address the browsers use: links in e-mails and canonical links.
    env: { ...env, PORT: String(PORT), OFFICIAL_URL: `http://127.0.0.1:${PORT}` },
    stdio: ['ignore', log, log],
    detached: true,
  })
  await waitFor(`http://127.0.0.1:${PORT}/api/health`, 60_000)
  project.provide('baseUrl', `http://127.0.0.1:${PORT}`)
  return async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}
