import type { CountryCode } from '../../domain/catalog/markets'
import { useT } from '../intl-context'

export interface SellerFacts {
  company: string
  address: string
  registration: string
  email: string
  phone: string
  /** Thailand: the OCPB direct-marketing registration (data/legal/rules.json `thailand-registration`). */
  directMarketingRegistration?: string
}

export interface PrecontractFacts {
  country: CountryCode
  seller: SellerFacts
  /** The car as ordered, in words: model, version, paint, wheels, interior and options. */
  car: string
  /** The total the customer pays, formatted, VAT and every fee included. */
  total: string
  delivery: { earliest: string; latest: string } | null
  withdrawalDays: number
}

/**
 * What Directive 2011/83/EU, Article 6(1), asks a distance seller to give before the order button: the seller,
 * the car's main characteristics, the total price, delivery, and the right of withdrawal with the model form
 * (Annex I(B)). Thailand gets its Direct Sales and Direct Marketing Act notice instead, printed more prominently
 * than the rest (section 30).
 */
export function Precontract({ facts }: { facts: PrecontractFacts }) {
  const t = useT()
  const { seller } = facts
  const trader = `${seller.company}, ${seller.address}, ${seller.email}`
  const thai = facts.country === 'TH'
  return (
    <section className="precontract" aria-labelledby="precontract-heading">
      <h2 id="precontract-heading" className="precontract__heading">
        {t('legal.pre.heading')}
      </h2>
      <dl className="precontract__facts">
        <dt>{t('legal.pre.seller')}</dt>
        <dd>
          {`${seller.company}, ${seller.address}. ${seller.registration}. ${seller.email}, ${seller.phone}`}
          {seller.directMarketingRegistration ? (
            <>
              <br />
              {t('legal.th.registration', { number: seller.directMarketingRegistration })}
            </>
          ) : null}
        </dd>
        <dt>{t('legal.pre.car')}</dt>
        <dd>{facts.car}</dd>
        <dt>{t('legal.pre.price')}</dt>
        <dd>{t('legal.pre.priceValue', { amount: facts.total })}</dd>
        {facts.delivery ? (
          <>
            <dt>{t('legal.pre.delivery')}</dt>
            <dd>{t('legal.pre.deliveryValue', facts.delivery)}</dd>
          </>
        ) : null}
        <dt>{t('legal.pre.withdrawal')}</dt>
        <dd className={thai ? 'precontract__prominent' : undefined}>
          {thai ? t('legal.th.cancel') : t('legal.pre.withdrawalValue', { days: facts.withdrawalDays })}
        </dd>
      </dl>
      {thai ? null : <ModelWithdrawalForm trader={trader} goods={facts.car} />}
      <p className="field__hint">{t('legal.pre.confirmation')}</p>
    </section>
  )
}

/** The model withdrawal form of Directive 2011/83/EU, Annex I(B), with the seller and the car filled in. */
export function ModelWithdrawalForm({ trader, goods }: { trader: string; goods: string }) {
  const t = useT()
  return (
    <details className="precontract__form">
      <summary>{t('legal.form.heading')}</summary>
      <p>{t('legal.form.instruction')}</p>
      <ul>
        <li>{t('legal.form.to', { trader })}</li>
        <li>{t('legal.form.notice', { goods })}</li>
        <li>{t('legal.form.ordered')}</li>
        <li>{t('legal.form.name')}</li>
        <li>{t('legal.form.address')}</li>
        <li>{t('legal.form.signature')}</li>
        <li>{t('legal.form.date')}</li>
      </ul>
      <p className="field__hint">{t('legal.form.deleteNote')}</p>
    </details>
  )
}
