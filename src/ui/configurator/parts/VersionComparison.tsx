import { catalogItem } from '../../../domain/catalog/items'
import { siteCatalog } from '../../../domain/catalog/view'
import { formatQuantity } from '../../../i18n/formats'
import type { MessageKey } from '../../../i18n/intl'
import { useT } from '../../intl-context'
import { useRenderContext } from '../../site-context'
import type { ConfiguratorData } from '../model'

/** Versions side by side: range, battery, consumption, charging, price and standard equipment. */
export function VersionComparison({ data, price }: { data: ConfiguratorData; price: (amount: number) => string }) {
  const t = useT()
  const { site } = useRenderContext()
  const catalog = siteCatalog(data.catalog, data.country, site.locale)
  if (!catalog) return null
  const versions = data.catalog.versions.filter((v) => v.prices[data.country] !== undefined)
  const name = (code: string) => catalogItem(data.catalog, code)?.names[site.locale] ?? code
  const rows: { label: MessageKey; cell: (v: (typeof versions)[number]) => string }[] = [
    { label: 'compare.range', cell: (v) => t('compare.rangeValue', { km: v.facts.rangeKmWltp }) },
    { label: 'compare.battery', cell: (v) => t('facts.batteryValue', { kwh: v.facts.batteryKwh }) },
    {
      label: 'compare.consumption',
      cell: (v) =>
        t('compare.consumptionValue', {
          min: formatQuantity(v.facts.consumptionKwhPer100km.min, site.locale),
          max: formatQuantity(v.facts.consumptionKwhPer100km.max, site.locale),
        }),
    },
    {
      label: 'compare.charging',
      cell: (v) =>
        t('compare.chargingValue', {
          ac: v.facts.acChargingKw,
          from: v.facts.fastCharging.fromPercent,
          to: v.facts.fastCharging.toPercent,
          minutes: v.facts.fastCharging.minutes,
        }),
    },
    {
      label: 'compare.price',
      cell: (v) => price(v.prices[data.country] ?? 0),
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
    </section>
  )
}
