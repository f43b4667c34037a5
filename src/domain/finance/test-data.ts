/** Parsed finance data of every country for the domain tests (data/finance/*.json). */
import at from '../../../data/finance/at.json'
import be from '../../../data/finance/be.json'
import de from '../../../data/finance/de.json'
import dk from '../../../data/finance/dk.json'
import fr from '../../../data/finance/fr.json'
import is from '../../../data/finance/is.json'
import lu from '../../../data/finance/lu.json'
import nl from '../../../data/finance/nl.json'
import no from '../../../data/finance/no.json'
import se from '../../../data/finance/se.json'
import th from '../../../data/finance/th.json'
import { type CountryFinanceProducts, parseFinanceProducts } from './schema'

export const rawFinance: Record<string, unknown> = { at, be, de, dk, fr, is, lu, nl, no, se, th }

export const financeData: CountryFinanceProducts[] = Object.values(rawFinance).map(parseFinanceProducts)
