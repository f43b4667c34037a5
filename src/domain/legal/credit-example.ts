// No zod here: it runs with the finance summary.
import type { FinanceSummary } from '../finance/summary'

/** One figure of a representative example, by the placeholder its message names it with. */
export interface ExampleFigure {
  name: string
  kind: 'money' | 'rate' | 'count' | 'km'
  /** Minor units, basis points, a count or kilometres. */
  value: number
}

/**
 * The representative example of Directive (EU) 2023/2225, Article 8(2), that every monthly payment is shown with,
 * taken from the summary that gave the monthly figure: the figures by name, for the API and documents to give with
 * the monthly figure (the pages show the summary's own figures under "Representative example").
 */
export interface RepresentativeExample {
  kind: 'credit' | 'lease'
  figures: ExampleFigure[]
  /** A loan's final instalment (0 without one). */
  balloonPayment: number
  partnerName: string | null
}

const CREDIT: readonly [string, string, ExampleFigure['kind']][] = [
  ['cashPrice', 'cashSellingPrice', 'money'],
  ['downPayment', 'downPayment', 'money'],
  ['credit', 'totalLoanAmount', 'money'],
  ['months', 'termMonths', 'count'],
  ['rate', 'nominalRate', 'rate'],
  ['apr', 'apr', 'rate'],
  ['cost', 'creditCost', 'money'],
  ['payable', 'totalToRepay', 'money'],
]

const LEASE: readonly [string, string, ExampleFigure['kind']][] = [
  ['months', 'period', 'count'],
  ['downPayment', 'downPayment', 'money'],
  ['km', 'mileageLimit', 'km'],
  ['rate', 'nominalRate', 'rate'],
]

/**
 * The representative example of a summary with a monthly payment (a loan, hire purchase or lease); null for cash or
 * a summary that lacks one of the figures.
 *
 * @example
 * representativeExample(loanSummary)?.figures.find((f) => f.name === 'apr')?.value // 501
 */
export function representativeExample(summary: FinanceSummary): RepresentativeExample | null {
  if (summary.monthlyPayment === null) return null
  const value = (key: string) => {
    const found = summary.figures.find((f) => f.key === `finance.field.${key}`)
    return found && typeof found.value === 'number' ? found.value : null
  }
  const credit = value('apr') !== null
  const figures: ExampleFigure[] = [{ name: 'monthly', kind: 'money', value: summary.monthlyPayment }]
  for (const [name, key, kind] of credit ? CREDIT : LEASE) {
    const found = value(key)
    if (found === null) return null
    figures.push({ name, kind, value: found })
  }
  if (!credit) figures.push({ name: 'total', kind: 'money', value: summary.totalCost })
  return {
    kind: credit ? 'credit' : 'lease',
    figures,
    balloonPayment: (credit && value('balloonPayment')) || 0,
    partnerName: summary.partnerName,
  }
}
