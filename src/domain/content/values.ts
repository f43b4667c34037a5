import type { CountryCode, Locale } from '../catalog/markets'
import { type ContentLanguage, contentLanguageOf, type PlaceholderValues } from './document'
import { LEGAL_ENTITIES, type LegalEntity } from './legal-entities'

/** The data-protection law by its name in each language, with the short name readers search for. */
const DATA_LAW_NAMES: Record<LegalEntity['dataLaw'], Record<ContentLanguage, string>> = {
  GDPR: {
    en: 'General Data Protection Regulation (GDPR)',
    nb: 'personvernforordningen (GDPR)',
    sv: 'dataskyddsförordningen (GDPR)',
    da: 'databeskyttelsesforordningen (GDPR)',
    nl: 'Algemene verordening gegevensbescherming (AVG)',
    fr: 'règlement général sur la protection des données (RGPD)',
    de: 'Datenschutz-Grundverordnung (DSGVO)',
    th: 'กฎระเบียบทั่วไปว่าด้วยการคุ้มครองข้อมูล (GDPR)',
    is: 'persónuverndarreglugerð ESB (GDPR)',
  },
  PDPA: {
    en: 'Personal Data Protection Act B.E. 2562 (PDPA)',
    nb: 'den thailandske personopplysningsloven (PDPA)',
    sv: 'den thailändska personuppgiftslagen (PDPA)',
    da: 'den thailandske persondatalov (PDPA)',
    nl: 'Thaise wet bescherming persoonsgegevens (PDPA)',
    fr: 'loi thaïlandaise sur la protection des données personnelles (PDPA)',
    de: 'thailändisches Datenschutzgesetz (PDPA)',
    th: 'พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA)',
    is: 'taílensk persónuverndarlög (PDPA)',
  },
}

/** The country's name in the document's language; English needs the article for the Netherlands. */
function countryName(code: string, locale: Locale): string {
  if (code === 'NL' && locale.startsWith('en')) return 'the Netherlands'
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
}

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
 * The values a site's documents are filled with: its legal entity, the country's name and the
 * data-protection law's name in the document's language (the global site is run from the
 * Netherlands), the leasing partner and a store to visit.
 *
 * @example
 * placeholderValues({ countryCode: 'SE', locale: 'sv-SE', … }).country // 'Sverige'
 */
export function placeholderValues(input: ValuesInput): PlaceholderValues {
  const entity = LEGAL_ENTITIES[input.countryCode]
  const lawCountry = input.countryCode === 'GLOBAL' ? 'NL' : input.countryCode
  const country = countryName(lawCountry, input.locale)
  const store = input.store
  return {
    company: entity.company,
    companyAddress: entity.companyAddress,
    companyRegistration: entity.companyRegistration,
    country,
    currency: input.currency,
    withdrawalDays: new Intl.NumberFormat(input.locale).format(entity.withdrawalDays),
    dataLaw: DATA_LAW_NAMES[entity.dataLaw][contentLanguageOf(input.locale)],
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
