import { mergeConfig, type Plugin } from 'vite'
import base from '../vite.config.ts'

/**
 * The storefront's build with some memos of `src/lib/memo.ts` made into plain calls (`scripts/memo-bench.mjs`):
 * `MEMO_BYPASS` is a JSON list of `file:name` (a path under `src/` and the name of the `const` a memo is assigned
 * to). A name that matches nothing fails the build, so a renamed memo is never measured as bypassed when it is not.
 */
function memoBypass(): Plugin {
  const asked: string[] = JSON.parse(process.env.MEMO_BYPASS ?? '[]')
  const byFile = new Map<string, string[]>()
  for (const entry of asked) {
    const [file, name] = entry.split(':')
    if (!file || !name) throw new Error(`MEMO_BYPASS: "${entry}" is not file:name`)
    byFile.set(file, [...(byFile.get(file) ?? []), name])
  }
  const found = new Set<string>()
  return {
    name: 'memo-bypass',
    enforce: 'pre',
    transform(code, id) {
      const file = [...byFile.keys()].find((each) => id.endsWith(`/src/${each}`))
      if (!file) return null
      let changed = code
      for (const name of byFile.get(file) ?? []) {
        const declaration = new RegExp(`^(\\s*const ${name} = [^\\n]*?)\\bmemo\\b`, 'm')
        if (!declaration.test(changed)) this.error(`memo-bypass: no "const ${name} = … memo" in src/${file}`)
        changed = changed.replace(declaration, '$1__noMemo')
        found.add(`${file}:${name}`)
      }
      const noMemo =
        'const __noMemo = (..._options: unknown[]) => (_documents: unknown, _key: string, make: () => any) => make()\n'
      return { code: noMemo + changed, map: null }
    },
    buildEnd() {
      if (this.environment.name !== 'p5_storefront') return
      const missing = asked.filter((entry) => !found.has(entry))
      if (missing.length) this.error(`memo-bypass: never reached ${missing.join(', ')}`)
    },
  }
}

export default mergeConfig(base, { plugins: [memoBypass()] })
