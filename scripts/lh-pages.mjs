// Lighthouse (mobile preset) on a few pages of a served build, signed in when COOKIE is set:
// `COOKIE='…' node scripts/lh-pages.mjs <baseUrl> <path>…`. Prints each page's four scores, CLS and LCP,
// and the audits that do not pass. For pages the bench does not reach (the order form, the confirmation).
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

const [base, ...paths] = process.argv.slice(2)
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  for (const path of paths) {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // Personal pages are noindex by design (as in scripts/bench.mjs).
      skipAudits: ['is-crawlable'],
      ...(process.env.COOKIE ? { extraHeaders: { Cookie: process.env.COOKIE } } : {}),
    }
    const { lhr } = await lighthouse(`${base}${path}`, flags)
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode),
      )
      .map((a) => a.id)
    console.log(
      JSON.stringify({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        failing,
        consoleErrors: (lhr.audits['errors-in-console'].details?.items ?? []).map((i) => i.description ?? i.source),
      }),
    )
  }
} finally {
  chrome.kill()
}
