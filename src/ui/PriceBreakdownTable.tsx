import { catalogItem } from '../domain/catalog/items'
import type { Catalog } from '../domain/catalog/schema'
import type { CurrencyCode } from '../domain/money'
import type { DisplayedBreakdown } from '../domain/pricing/display'
import { formatMoney } from '../i18n/formats'
import { dataMessageKey } from '../i18n/keys'
import type { Locale } from '../i18n/sites'
import { useT } from './intl-context'
import { useSiteContext } from './site-context'

const CAPTIONS = { inclVat: 'price.basis.inclVat', exclVat: 'price.basis.exclVat' } as const

/**
 * An itemised price on one stated basis (its caption says which): net rows, the total excluding VAT,
 * VAT and the total; or rows with VAT, the total and the VAT they contain. The figures come from
 * `displayedBreakdown`, so they add up as printed. Vehicle rows are named from the catalog.
 */
export function PriceBreakdownTable({
  vehicleNames,
  breakdown,
  currency,
}: {
  /** The catalog names of the vehicle rows, by code (see `vehicleNamesOf`). */
  vehicleNames: Readonly<Record<string, string>>
  breakdown: DisplayedBreakdown
  currency: CurrencyCode
}) {
  const t = useT()
  const { site } = useSiteContext()
  const money = (amount: number) => formatMoney({ amount, currency }, site.locale)
  const label = (row: DisplayedBreakdown['rows'][number]) => {
    const name = row.role === 'vehicle' ? vehicleNames[row.code] : undefined
    return name ? `${t(dataMessageKey(row.labelKey))}: ${name}` : t(dataMessageKey(row.labelKey))
  }
  const totalLabel = breakdown.indicative ? t('price.indicative.label') : t('configurator.price.total')
  return (
    <table className="price-breakdown">
      <caption>{breakdown.indicative ? t('price.indicative.label') : t(CAPTIONS[breakdown.basis])}</caption>
      <tbody>
        {breakdown.rows.map((row) => (
          <tr key={`${row.role}-${row.code}`}>
            <th scope="row">{label(row)}</th>
            <td>{money(row.amount)}</td>
          </tr>
        ))}
      </tbody>
      {breakdown.basis === 'exclVat' ? (
        <>
          <tbody className="price-breakdown__vat">
            <tr>
              <th scope="row">{t('price.totalExclVat')}</th>
              <td>{money(breakdown.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row">{t('price.line.vat')}</th>
              <td>{money(breakdown.vat)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{totalLabel}</th>
              <td>{money(breakdown.total)}</td>
            </tr>
          </tfoot>
        </>
      ) : (
        <tfoot>
          <tr>
            <th scope="row">{totalLabel}</th>
            <td>{money(breakdown.total)}</td>
          </tr>
          {breakdown.vat > 0 ? (
            <tr>
              <th scope="row">{t('price.vatIncluded')}</th>
              <td>{money(breakdown.vat)}</td>
            </tr>
          ) : null}
        </tfoot>
      )}
    </table>
  )
}

/**
 * The catalog names, in a locale, of a breakdown's vehicle rows (version, paint, wheels, options).
 *
 * @example
 * vehicleNamesOf(catalog, displayedBreakdown(quote), 'nl-NL') // { 'standard-range': 'Standaard bereik', … }
 */
export function vehicleNamesOf(
  catalog: Catalog,
  breakdown: DisplayedBreakdown,
  locale: Locale,
): Record<string, string> {
  const names: Record<string, string> = {}
  for (const row of breakdown.rows) {
    const name = row.role === 'vehicle' ? catalogItem(catalog, row.code)?.names[locale] : undefined
    if (name) names[row.code] = name
  }
  return names
}
