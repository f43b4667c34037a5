import type { Catalog } from '../../domain/catalog/schema'
import { StockQuerySchema } from '../../domain/stock/schema'
import { DEFAULT_STOCK_QUERY, type PricedStockCar, type StockQuery, type StockSort } from '../../domain/stock/stock'
import type { MessageKey } from '../../i18n/intl'
import type { FieldErrors } from '../../ui/form'
import type { StockCarView } from '../../ui/stock/StockCar'

export const SORT_LABELS: Record<StockSort, MessageKey> = {
  'delivery-asc': 'stock.sort.deliveryAsc',
  'delivery-desc': 'stock.sort.deliveryDesc',
  'price-asc': 'stock.sort.priceAsc',
  'price-desc': 'stock.sort.priceDesc',
}

/** What the quick-delivery list shows: the cars as filtered and sorted by the address query. */
export interface StockListData {
  /** The global site sells nothing: it shows where to go instead. */
  global: boolean
  promise: { unit: 'weeks' | 'months'; count: number }
  query: StockQuery
  errors: FieldErrors
  versions: { code: string; name: string }[]
  colours: { code: string; name: string }[]
  cars: StockCarView[]
  from: string | null
  /** The car asked for is sold out (SPEC §8, quick-delivery variant). */
  soldOut: boolean
  /** The cars listed as the price engine priced them, for the page's structured data; null where none are sold. */
  offered: { catalog: Catalog; cars: PricedStockCar[] } | null
}

const QUERY_LABELS = {
  sort: 'stock.filter.sortLabel',
  version: 'stock.filter.versionLabel',
  colour: 'stock.filter.colourLabel',
} as const satisfies Record<keyof StockQuery, MessageKey>

/**
 * The address query, checked field by field: a value that is not offered (or not in stock) is
 * reported on its field and ignored, so the rest of the list still works.
 */
export function readQuery(url: URL, offered: { versions: string[]; colours: string[] }) {
  const errors: FieldErrors = {}
  const query: StockQuery = { ...DEFAULT_STOCK_QUERY }
  const shape = StockQuerySchema.shape
  const reject = (field: keyof StockQuery) => {
    errors[field] = { key: 'validation.select', label: QUERY_LABELS[field] }
  }
  const sort = shape.sort.safeParse(url.searchParams.get('sort') || undefined)
  if (sort.success) query.sort = sort.data
  else reject('sort')
  const version = shape.version.safeParse(url.searchParams.get('version') ?? '')
  if (version.success && (version.data === null || offered.versions.includes(version.data)))
    query.version = version.data
  else reject('version')
  const colour = shape.colour.safeParse(url.searchParams.get('colour') ?? '')
  if (colour.success && (colour.data === null || offered.colours.includes(colour.data))) query.colour = colour.data
  else reject('colour')
  return { query, errors }
}
