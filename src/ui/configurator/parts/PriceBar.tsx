import type { PriceBasis } from '../../../domain/pricing/display'
import { useT } from '../../intl-context'
import { PriceAnnouncement } from './PriceAnnouncement'

/**
 * The total always in view while choosing (sticky at the bottom on a phone), with the monthly payment
 * when finance is chosen and a way to the details; a changed price is announced once it settles.
 */
export function PriceBar({
  orderable,
  basis,
  amount,
  monthly,
  announcement,
}: {
  orderable: boolean
  basis: PriceBasis
  /** The headline total, formatted. */
  amount: string
  /** "or … a month", on the page's basis, when finance is chosen. */
  monthly: string | null
  announcement: string
}) {
  const t = useT()
  return (
    <div className="price-bar">
      <p className="price-bar__total">
        <span className="price-bar__label">
          {t(
            !orderable
              ? 'price.indicative.label'
              : basis === 'exclVat'
                ? 'configurator.price.totalExclVat'
                : 'configurator.price.total',
          )}
        </span>{' '}
        <span className="price-bar__amount">{amount}</span>
        {monthly ? (
          <span className="price-bar__monthly">
            {' '}
            {/* The monthly figure leads to the representative example it is always shown with (CCD Art. 8). */}
            <a href="#finance-example">{monthly}</a>
          </span>
        ) : null}
      </p>
      <a href="#summary-title">{t('configurator.price.details')}</a>
      <PriceAnnouncement text={announcement} />
    </div>
  )
}
