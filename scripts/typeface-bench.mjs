// Lighthouse (mobile preset, performance only) for two served builds of the same pages, interleaved
// round by round so a loaded machine affects both alike: how docs/design.md ("Type") compared the
// system stack with the self-hosted typeface. Serve each build on its own port first (npm run build,
// then PERSIST_TO=... PORT=... npm run serve), then:
//
//   A=http://127.0.0.1:8862 B=http://127.0.0.1:8861 ROUNDS=3 node scripts/typeface-bench.mjs
//
// A is labelled "system", B "font". PAGES is a comma-separated list of paths; OUT the JSON written.
import { mkdirSync, writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'

const A = process.env.A ?? 'http://127.0.0.1:8862'
const B = process.env.B ?? 'http://127.0.0.1:8861'
const ROUNDS = Number(process.env.ROUNDS ?? 3)
const PAGES = (process.env.PAGES ?? '/de,/de/configurator/p5,/de/terms-conditions,/th').split(',')
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_FLAGS],
})
const rows = []
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const path of PAGES) {
      for (const [variant, base] of r % 2
        ? [
            ['font', B],
            ['system', A],
          ]
        : [
            ['system', A],
            ['font', B],
          ]) {
        const { lhr } = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        })
        const reqs = lhr.audits['network-requests']?.details?.items ?? []
        const fonts = reqs.filter((x) => x.resourceType === 'Font')
        const row = {
          round: r,
          path,
          variant,
          perf: Math.round(lhr.categories.performance.score * 100),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
          bytes: lhr.audits['total-byte-weight'].numericValue,
          fontBytes: fonts.reduce((s, x) => s + x.transferSize, 0),
          fonts: fonts.map((x) => x.url.split('/').pop()),
          lcpElement: lhr.audits[
            'largest-contentful-paint-element'
          ]?.details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 60),
        }
        rows.push(row)
        console.log(JSON.stringify(row))
      }
    }
  }
} finally {
  await chrome.kill()
}
mkdirSync('bench-results', { recursive: true })
writeFileSync(process.env.OUT ?? 'bench-results/typeface.json', JSON.stringify(rows, null, 1))

const median = (values) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)]
for (const path of PAGES) {
  for (const variant of ['system', 'font']) {
    const runs = rows.filter((row) => row.path === path && row.variant === variant)
    console.log(
      `${path} ${variant}: performance ${runs.map((row) => row.perf).join('/')}, LCP median ${median(runs.map((row) => row.lcp))} ms, CLS max ${Math.max(...runs.map((row) => row.cls))}, ${(median(runs.map((row) => row.bytes)) / 1024).toFixed(1)} KiB (fonts ${(runs[0].fontBytes / 1024).toFixed(1)})`,
    )
  }
}
