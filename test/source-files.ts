import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Every TypeScript source file under `dir`, tests left out: for checks that scan the code itself. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * Where each match stands in a file's text, as 'file:line'.
 *
 * @example
 * placesOf('a.ts', 'x\nfoo', 'x\nfoo'.matchAll(/foo/g)) // ['a.ts:2']
 */
export function placesOf(file: string, text: string, matches: Iterable<RegExpMatchArray>): string[] {
  return [...matches].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`)
}

/** What `find` reports in the source files under src, read from disk: for a check of the code that must find none. */
export function findInSources(find: (file: string, text: string) => string[]): string[] {
  return sourceFiles('src').flatMap((file) => find(file, readFileSync(file, 'utf8')))
}
