/** The budgets (scripts/budgets.mjs): sizes in KiB gzip, CPU as ratios to the floors of the same run. */
export declare const BUDGET: {
  jsInteractive: number
  jsConfigurator: number
  jsStatic: number
  css: number
  worker: number
  cpuMainVsReact: number
  cpuAnyVsReact: number
  cachedVsBare: number
  cachedVsCopy: number
  lighthousePerformance: number
  lcpMs: number
}
