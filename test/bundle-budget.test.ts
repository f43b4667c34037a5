import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUDGET } from '../scripts/budgets.mjs'

// A production build of its own, in a temporary folder (about 5 s): the budgets hold for what would ship,
// whatever state dist/ is in, and a browser test serving dist/ at the same time is left alone.
const out = mkdtempSync(join(tmpdir(), 'p5-bundle-'))

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/**
 * What runs before anything else: a module and every chunk it imports statically, each counted once (paths
 * relative to `dir`). A page downloads this before it runs; the Worker loads it before its first request.
 */
function staticKib(dir: string, module: string): number {
  const seen = new Set<string>()
  const queue = [module]
  let bytes = 0
  while (queue.length > 0) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dir, file))
    bytes += gzipSync(code).length
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` loads later, on demand.
    const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''
    for (const m of code.toString('utf8').matchAll(/(?:\bimport|\bfrom)\s*["']\.\/([^"']+\.js)["']/g))
      queue.push(`${base}${m[1] as string}`)
  }
  return kib(bytes)
}

/** What a page downloads before it runs: its entry and every chunk that entry imports statically. */
const firstLoadKib = (entry: string) => staticKib(join(out, 'client/assets'), `${entry}.js`)

// The Cloudflare plugin points `wrangler deploy` at its last build (.wrangler/deploy/config.json): a build into a
// temporary folder would leave it pointing at a deleted folder, so the file is put back as it was.
const DEPLOY_REDIRECT = '.wrangler/deploy/config.json'
const redirectBefore = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT, 'utf8') : null

function restoreDeployRedirect(): void {
  if (redirectBefore === null) rmSync(DEPLOY_REDIRECT, { force: true })
  else writeFileSync(DEPLOY_REDIRECT, redirectBefore)
}

const ENTRIES = readdirSync('src/client/entries').map((f) => f.replace(/\.tsx?$/, ''))

beforeAll(() => {
  // Vitest's NODE_ENV=test would give a development bundle.
  const { NODE_ENV: _test, ...env } = process.env
  const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--logLevel', 'error'], { env, encoding: 'utf8' })
  restoreDeployRedirect()
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`)
}, 180_000)

afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('the budget build', () => {
  it('leaves the checkout as it found it: wrangler deploy still points at the last real build', () => {
    const now = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT, 'utf8') : null
    expect(now).toBe(redirectBefore)
    if (now !== null) expect(now).not.toContain(out)
  })
})

describe('bundle budgets (gzip)', () => {
  it(`the configurator's first-load JS is at most ${BUDGET.jsConfigurator} KiB`, () => {
    expect(firstLoadKib('configurator')).toBeLessThanOrEqual(BUDGET.jsConfigurator)
  })

  it.each(ENTRIES)(`client entry %s loads at most ${BUDGET.jsInteractive} KiB of JS first`, (entry) => {
    expect(firstLoadKib(entry)).toBeGreaterThan(0)
    expect(firstLoadKib(entry)).toBeLessThanOrEqual(BUDGET.jsInteractive)
  })

  it(`the worker's main module, with the chunks it imports statically, is at most ${BUDGET.worker} KiB`, () => {
    expect(staticKib(join(out, 'p5_storefront'), 'index.js')).toBeLessThanOrEqual(BUDGET.worker)
  })
})
