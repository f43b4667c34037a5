import type { CountryCode, Locale } from '../catalog/markets'
import type { PlaceholderValues } from './document'
import { LEGAL_ENTITIES } from './legal-entities'

export interface ValuesInput {
  countryCode: CountryCode
  locale: Locale
  currency: string
  /** The site's address, e.g. 'https://nordvolt.example/se'. */
  siteUrl: string
  /** The country's leasing partner from its finance products; null where it has none. */
  partner: string | null
  /** The country's first store, if it has any. */
  store: { name: string; street: string; postalCode: string; city: string } | null
}

/**
 * The values a site's documents are filled with: its legal entity, the country's name in the site's
 * language (the global site is run from the Netherlands), the leasing partner and a store to visit.
 *
 * @example
 * placeholderValues({ countryCode: 'SE', locale: 'sv-SE', … }).country // 'Sverige'
 */
export function placeholderValues(input: ValuesInput): PlaceholderValues {
  const entity = LEGAL_ENTITIES[input.countryCode]
  const lawCountry = input.countryCode === 'GLOBAL' ? 'NL' : input.countryCode
  const country = new Intl.DisplayNames([input.locale], { type: 'region' }).of(lawCountry) ?? lawCountry
  const store = input.store
  return {
    company: entity.company,
    companyAddress: entity.companyAddress,
    companyRegistration: entity.companyRegistration,
    country,
    currency: input.currency,
    withdrawalDays: new Intl.NumberFormat(input.locale).format(entity.withdrawalDays),
    dataLaw: entity.dataLaw,
    authority: entity.authority,
    authorityUrl: entity.authorityUrl,
    privacyEmail: entity.privacyEmail,
    contactEmail: entity.contactEmail,
    contactPhone: entity.contactPhone,
    storeContact: store ? `${store.name}, ${store.street}, ${store.postalCode} ${store.city}` : entity.companyAddress,
    // ASSUMPTION: where no leasing partner is listed (Iceland, global site) the notice names the
    // partner's group, through which a lease would be arranged.
    partner: input.partner ?? 'ALD Automotive',
    siteUrl: input.siteUrl,
  }
}
