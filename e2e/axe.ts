import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface Violation {
  id: string
  impact: string | null
  nodes: { target: unknown }[]
}

/**
 * Runs axe (WCAG 2.2 A/AA and best practice) on the page as it is and answers its violations, each as
 * "id (impact) at [targets]". The page's context needs `bypassCSP`: axe is injected as a script.
 */
export async function axeViolations(page: Page, impacts?: readonly string[]): Promise<string[]> {
  await page.addScriptTag({ content: axeSource })
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    })
    return result.violations
  })) as Violation[]
  return violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
