import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The docs are a reference (issue 41): every relative link in README.md and docs/ must reach a file that exists,
 * and every decision in docs/decisions/ must be listed in its index. Links to other sites (http, https, mailto or
 * any other scheme) are not followed; an anchor (`#…`) is left off, the file must exist.
 */
const ROOT = process.cwd()
const DECISIONS = 'docs/decisions'

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** The link targets of a markdown text: inline links and images, and reference definitions; code left out. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '')
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1] ?? '')
  const references = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)].map((m) => m[1] ?? '')
  return [...inline, ...references].map((target) => target.replace(/^<|>$/g, ''))
}

/** The repository path a relative link leads to, or null when it leads elsewhere (another site, this page). */
function resolved(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null
  const path = decodeURI(target.replace(/[#?].*$/, ''))
  if (!path) return null
  return normalize(path.startsWith('/') ? path.slice(1) : join(dirname(file), path))
}

const files = ['README.md', ...markdownFiles('docs')]

describe('links in the docs', () => {
  it('finds the docs and their links', () => {
    expect(files).toContain('docs/decisions/README.md')
    expect(linkTargets('[a](b.md#c) `[d](e.md)` [f](<g h.md> "t")\n\n[i]: j.md')).toEqual(['b.md#c', 'g h.md', 'j.md'])
  })

  it.each(files)('%s links only to files that exist', (file) => {
    const broken = linkTargets(readFileSync(join(ROOT, file), 'utf8')).filter((target) => {
      const path = resolved(file, target)
      return path !== null && !existsSync(join(ROOT, path))
    })
    expect(broken).toEqual([])
  })
})

describe('the decisions index', () => {
  it('lists every decision in docs/decisions/', () => {
    const index = `${DECISIONS}/README.md`
    const listed = new Set(
      linkTargets(readFileSync(join(ROOT, index), 'utf8'))
        .map((target) => resolved(index, target))
        .filter((path) => path !== null)
        .map((path) => relative(DECISIONS, path)),
    )
    const decisions = readdirSync(join(ROOT, DECISIONS)).filter((name) => name !== 'README.md')
    expect(decisions.length).toBeGreaterThan(0)
    expect(decisions.filter((name) => !listed.has(name))).toEqual([])
  })
})
