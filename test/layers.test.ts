import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * What each layer may import (docs/architecture.md, "Layers"), as Biome's `noRestrictedImports` overrides in
 * biome.json enforce it. Every import listed here is tried in a file of that folder, against the repository's own
 * biome.json, so a rule that is dropped or mistyped fails this test rather than passing every lint.
 */
const LAYERS: Record<string, { refused: string[]; allowed: string[] }> = {
  domain: {
    refused: [
      'worker',
      'routes',
      'app',
      'client',
      'ui',
      'store',
      'i18n',
      'lib',
      'hono',
      'react',
      'jotai',
      '@cloudflare/x',
    ],
    allowed: ['./money', 'zod'],
  },
  lib: {
    refused: ['worker', 'routes', 'app', 'client', 'ui', 'store', 'i18n', 'domain', 'hono', 'react', 'zod'],
    allowed: ['./shared'],
  },
  i18n: {
    refused: ['worker', 'routes', 'app', 'client', 'ui', 'store', 'hono', 'react', 'jotai'],
    allowed: ['domain', 'lib', '@formatjs/intl'],
  },
  store: {
    refused: ['worker', 'routes', 'app', 'client', 'ui', 'hono', 'react', 'jotai'],
    allowed: ['i18n', 'domain', 'lib', 'zod'],
  },
  ui: {
    refused: ['worker', 'routes', 'app', 'client', 'store', 'hono'],
    allowed: ['i18n', 'domain', 'react', 'jotai'],
  },
  app: {
    refused: ['worker', 'routes', 'client', 'ui', 'hono', 'react', 'jotai'],
    allowed: ['store', 'i18n', 'domain'],
  },
  routes: {
    refused: ['worker', 'client', 'hono'],
    allowed: ['app', 'ui', 'store', 'i18n', 'domain', 'react', 'zod'],
  },
  client: {
    refused: ['worker', 'routes', 'app', 'store', 'zod', '../domain/catalog/schema', '../domain/order/order-schema'],
    allowed: ['ui', 'i18n', 'domain', 'react'],
  },
}

const OUR_LAYERS = new Set(['worker', 'routes', 'app', 'client', 'ui', 'store', 'i18n', 'domain', 'lib'])

/** An import of a layer by its folder (`../store`), of a module by its path, or of a package by its name. */
const specifier = (target: string) => (OUR_LAYERS.has(target) ? `../${target}/x` : target)

const probeName = (layer: string, kind: 'refused' | 'allowed', index: number) => `src/${layer}/${kind}-${index}.ts`

/** Lints one file per import in a copy of the layout with the repository's biome.json: the files refused. */
function refusedProbes(): Set<string> {
  const root = mkdtempSync(join(tmpdir(), 'layers-'))
  try {
    const config = JSON.parse(readFileSync('biome.json', 'utf8')) as Record<string, unknown>
    delete config.vcs
    writeFileSync(join(root, 'biome.json'), JSON.stringify(config))
    for (const [layer, { refused, allowed }] of Object.entries(LAYERS)) {
      mkdirSync(join(root, 'src', layer), { recursive: true })
      for (const kind of ['refused', 'allowed'] as const) {
        const targets = kind === 'refused' ? refused : allowed
        targets.forEach((target, index) => {
          writeFileSync(
            join(root, probeName(layer, kind, index)),
            `import { x } from '${specifier(target)}'\nexport const y = x\n`,
          )
        })
      }
    }
    let report = ''
    try {
      report = execFileSync(
        join(process.cwd(), 'node_modules/.bin/biome'),
        ['lint', '--reporter=json', '--max-diagnostics=none', 'src'],
        {
          cwd: root,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      )
    } catch (error) {
      report = (error as { stdout: string }).stdout
    }
    const { diagnostics } = JSON.parse(report.slice(report.indexOf('{'))) as {
      diagnostics: { category: string; location: { path: string } }[]
    }
    return new Set(
      diagnostics
        .filter((d) => d.category === 'lint/style/noRestrictedImports')
        .map((d) => d.location.path.replaceAll('\\', '/')),
    )
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

describe('imports run one way (biome.json)', () => {
  const refused = refusedProbes()
  afterAll(() => refused.clear())

  for (const [layer, { refused: forbidden, allowed }] of Object.entries(LAYERS)) {
    it(`src/${layer} refuses ${forbidden.join(', ')}`, () => {
      const passed = forbidden.filter((_, index) => !refused.has(probeName(layer, 'refused', index)))
      expect(passed).toEqual([])
    })
    it(`src/${layer} may import ${allowed.join(', ')}`, () => {
      const stopped = allowed.filter((_, index) => refused.has(probeName(layer, 'allowed', index)))
      expect(stopped).toEqual([])
    })
  }
})
