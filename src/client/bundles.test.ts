import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '..', '..')
const entries = readdirSync(join(root, 'src/client/entries')).map((file) => join(root, 'src/client/entries', file))

/** Imports that reach the bundle: `import type` and `export type` are erased and do not count. */
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm

function resolve(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.tsx?$/.test(candidate)) return candidate
  return null
}

/** The packages a module pulls into a browser bundle, with the chain of our files that leads to each. */
function packagesReached(entry: string): Map<string, string[]> {
  const seen = new Set<string>()
  const packages = new Map<string, string[]>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    const path = [...chain, relative(root, file)]
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier) continue
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier)
        if (target) walk(target, path)
      } else if (!packages.has(specifier)) packages.set(specifier, path)
    }
  }
  walk(entry, [])
  return packages
}

describe('browser bundles', () => {
  it.each(entries.map((entry) => [relative(root, entry), entry]))('%s imports no zod', (_, entry) => {
    const zod = [...packagesReached(entry)].filter(([name]) => name === 'zod' || name.startsWith('zod/'))
    expect(zod.map(([, chain]) => chain.join(' → '))).toEqual([])
  })

  it('sees zod where a server form pulls it in', () => {
    const personal = packagesReached(join(root, 'src/domain/order/personal.ts'))
    expect(personal.get('zod')).toEqual(['src/domain/order/personal.ts'])
    expect(packagesReached(join(root, 'src/domain/charger/enquiry.ts')).has('zod')).toBe(true)
    // The walk goes through our whole import graph: the configurator reaches jotai through its atoms.
    expect(packagesReached(join(root, 'src/client/entries/configurator.tsx')).has('jotai')).toBe(true)
  })
})
