import { STOCK_SORTS } from '../../domain/stock/stock'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS } from '../../i18n/sites'
import { useT } from '../../ui/intl-context'
import { SORT_LABELS, type StockListData } from './list'

/** The global site sells nothing: it points to the country sites' lists. */
export function ChooseYourCountry() {
  const t = useT()
  return (
    <section className="notice" aria-labelledby="stock-global">
      <h2 id="stock-global">{t('configurator.global.heading')}</h2>
      <p>{t('stock.global.body')}</p>
      <ul className="country-list">
        {COUNTRY_SITES.filter((s) => s.canOrder).map((s) => (
          <li key={s.prefix}>
            <a href={linkTo(s, '/quick-delivery')} lang={s.locale} hrefLang={s.locale}>
              {SITE_ENDONYMS[s.prefix]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The list's GET form: sort, version and colour, each with its field-level error. */
export function SortAndFilter({ data }: { data: StockListData }) {
  const t = useT()
  const select = (
    name: 'sort' | 'version' | 'colour',
    label: MessageKey,
    value: string | null,
    options: { value: string; label: string }[],
  ) => {
    const error = data.errors[name]
    return (
      <div className="field">
        <label htmlFor={`stock-${name}`}>{t(label)}</label>
        <select
          id={`stock-${name}`}
          name={name}
          defaultValue={value ?? ''}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `stock-${name}-error` : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`stock-${name}-error`} className="field__error">
            {t(error.key, { label: error.label ? t(error.label) : '' })}
          </p>
        ) : null}
      </div>
    )
  }
  const any = { value: '', label: t('stock.filter.any') }
  return (
    <form className="form card stock-filter" method="get" aria-label={t('stock.filter.heading')}>
      {select(
        'sort',
        'stock.filter.sort',
        data.query.sort,
        STOCK_SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) })),
      )}
      {select('version', 'stock.filter.version', data.query.version, [
        any,
        ...data.versions.map((v) => ({ value: v.code, label: v.name })),
      ])}
      {select('colour', 'stock.filter.colour', data.query.colour, [
        any,
        ...data.colours.map((c) => ({ value: c.code, label: c.name })),
      ])}
      <button className="button" type="submit">
        {t('stock.filter.submit')}
      </button>
    </form>
  )
}
