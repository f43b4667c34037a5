import { catalogItem } from '../../../domain/catalog/items'
import { siteCatalog } from '../../../domain/catalog/view'
import type { MessageKey } from '../../../i18n/intl'
import { useT } from '../../intl-context'
import { useSiteContext } from '../../site-context'
import type { ConfiguratorData } from '../model'

/** Versions side by side: range, battery, consumption, charging, energy and emissions, price and standard equipment. */
export function VersionComparison({
  data,
  price,
}: {
  data: ConfiguratorData
  price: (code: string, amount: number) => string
}) {
  const t = useT()
  const { site } = useSiteContext()
  const catalog = siteCatalog(data.catalog, data.country, site.locale)
  if (!catalog) return null
  const versions = data.catalog.versions.filter((v) => v.prices[data.country] !== undefined)
  const name = (code: string) => catalogItem(data.catalog, code)?.names[site.locale] ?? code
  // Range, battery, consumption, charging and the energy rows the country's law asks for, built by the server
  // (src/domain/legal/energy.ts); price and equipment follow the page here.
  const rows: { label: MessageKey; cell: (v: (typeof versions)[number]) => string }[] = [
    ...data.compare.map((row) => ({
      label: row.label,
      cell: (v: (typeof versions)[number]) => t(row.value, row.values[v.code]),
    })),
    {
      label: 'compare.price',
      cell: (v) => price(v.code, v.prices[data.country] ?? 0),
    },
    {
      label: 'compare.equipment',
      cell: (v) => (v.standardPackCodes.length ? v.standardPackCodes.map(name).join(', ') : t('compare.none')),
    },
  ]
  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title">{t('compare.heading')}</h2>
      {/* Scrolls sideways on a narrow phone: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <div className="compare__scroll" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <td />
              {versions.map((v) => (
                <th key={v.code} scope="col">
                  {name(v.code)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{t(row.label)}</th>
                {versions.map((v) => (
                  <td key={v.code}>{row.cell(v)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="disclaimer">{t('configurator.disclaimer')}</p>
      {data.mobility && <p className="mobility">{t(data.mobility)}</p>}
    </section>
  )
}
