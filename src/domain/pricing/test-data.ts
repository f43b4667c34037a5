/** Parsed seed data for the domain tests: the P5 catalog and every country's price rules. */
import p5 from '../../../data/catalog/p5.json'
import atRules from '../../../data/pricing/at.json'
import beRules from '../../../data/pricing/be.json'
import deRules from '../../../data/pricing/de.json'
import dkRules from '../../../data/pricing/dk.json'
import frRules from '../../../data/pricing/fr.json'
import globalRules from '../../../data/pricing/global.json'
import isRules from '../../../data/pricing/is.json'
import luRules from '../../../data/pricing/lu.json'
import marketing from '../../../data/pricing/marketing.json'
import nlRules from '../../../data/pricing/nl.json'
import noRules from '../../../data/pricing/no.json'
import seRules from '../../../data/pricing/se.json'
import thRules from '../../../data/pricing/th.json'
import type { CountryCode } from '../catalog/markets'
import { Catalog } from '../catalog/schema'
import { MarketingFacts } from './marketing'
import { CountryPriceRules } from './rules'

export const catalog = Catalog.parse(p5)

const raw: Record<CountryCode, unknown> = {
  GLOBAL: globalRules,
  NO: noRules,
  SE: seRules,
  DK: dkRules,
  NL: nlRules,
  DE: deRules,
  FR: frRules,
  BE: beRules,
  TH: thRules,
  IS: isRules,
  LU: luRules,
  AT: atRules,
}

export const rawRules = raw

export const rulesByCountry = Object.fromEntries(
  Object.entries(raw).map(([country, data]) => [country, CountryPriceRules.parse(data)]),
) as Record<CountryCode, CountryPriceRules>

export const marketingFacts = MarketingFacts.parse(marketing)
