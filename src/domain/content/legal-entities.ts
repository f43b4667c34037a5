import type { CountryCode } from '../catalog/markets'

/**
 * Who the documents speak for in each country: the selling company, its privacy supervisor, the
 * statutory withdrawal period and contacts. ASSUMPTION: company names, addresses, registration
 * numbers, e-mail addresses and phone numbers are placeholders for this build (the SPEC gives none);
 * the supervisory authorities, data-protection laws and withdrawal periods are the real ones of
 * each country. Replace the placeholders with the importers' registered details before launch.
 */
export interface LegalEntity {
  company: string
  companyAddress: string
  companyRegistration: string
  /** The data-protection law the privacy texts cite (named in each language by `placeholderValues`). */
  dataLaw: 'GDPR' | 'PDPA'
  authority: string
  authorityUrl: string
  /** Days a consumer may withdraw from a distance contract (14 in the EU/EEA). */
  withdrawalDays: number
  privacyEmail: string
  contactEmail: string
  contactPhone: string
  /**
   * Thailand: the registration with the Office of the Consumer Protection Board a direct marketing business needs
   * (Direct Sales and Direct Marketing Act B.E. 2545; data/legal/rules.json `thailand-registration`). ASSUMPTION:
   * a placeholder until the importer is registered.
   */
  directMarketingRegistration?: string
}

export const LEGAL_ENTITIES: Readonly<Record<CountryCode, LegalEntity>> = {
  GLOBAL: {
    company: 'Nordvolt Europe B.V.',
    companyAddress: 'Stadhouderskade 12, 1054 ES Amsterdam, Netherlands',
    companyRegistration: 'KvK 90000001',
    dataLaw: 'GDPR',
    authority: 'Autoriteit Persoonsgegevens',
    authorityUrl: 'https://www.autoriteitpersoonsgegevens.nl',
    withdrawalDays: 14,
    privacyEmail: 'privacy@nordvolt.example',
    contactEmail: 'hello@nordvolt.example',
    contactPhone: '+31 20 000 0000',
  },
  NO: {
    company: 'Nordvolt Norge AS',
    companyAddress: 'Drammensveien 130, 0277 Oslo, Norge',
    companyRegistration: 'Org.nr. 900 000 001',
    dataLaw: 'GDPR',
    authority: 'Datatilsynet',
    authorityUrl: 'https://www.datatilsynet.no',
    withdrawalDays: 14,
    privacyEmail: 'personvern@nordvolt.example',
    contactEmail: 'kundeservice.no@nordvolt.example',
    contactPhone: '+47 21 00 00 00',
  },
  SE: {
    company: 'Nordvolt Sverige AB',
    companyAddress: 'Sveavägen 44, 111 34 Stockholm, Sverige',
    companyRegistration: 'Org.nr 559000-0001',
    dataLaw: 'GDPR',
    authority: 'Integritetsskyddsmyndigheten (IMY)',
    authorityUrl: 'https://www.imy.se',
    withdrawalDays: 14,
    privacyEmail: 'dataskydd@nordvolt.example',
    contactEmail: 'kundservice.se@nordvolt.example',
    contactPhone: '+46 8 000 000 00',
  },
  DK: {
    company: 'Nordvolt Danmark ApS',
    companyAddress: 'Kalvebod Brygge 20, 1560 København V, Danmark',
    companyRegistration: 'CVR 40000001',
    dataLaw: 'GDPR',
    authority: 'Datatilsynet',
    authorityUrl: 'https://www.datatilsynet.dk',
    withdrawalDays: 14,
    privacyEmail: 'persondata@nordvolt.example',
    contactEmail: 'kundeservice.dk@nordvolt.example',
    contactPhone: '+45 70 00 00 00',
  },
  NL: {
    company: 'Nordvolt Nederland B.V.',
    companyAddress: 'Stadhouderskade 12, 1054 ES Amsterdam, Nederland',
    companyRegistration: 'KvK 90000002',
    dataLaw: 'GDPR',
    authority: 'Autoriteit Persoonsgegevens',
    authorityUrl: 'https://www.autoriteitpersoonsgegevens.nl',
    withdrawalDays: 14,
    privacyEmail: 'privacy.nl@nordvolt.example',
    contactEmail: 'klantenservice.nl@nordvolt.example',
    contactPhone: '+31 20 000 0001',
  },
  DE: {
    company: 'Nordvolt Deutschland GmbH',
    companyAddress: 'Kurfürstendamm 50, 10707 Berlin, Deutschland',
    companyRegistration: 'HRB 200001 B, Amtsgericht Charlottenburg',
    dataLaw: 'GDPR',
    authority: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
    authorityUrl: 'https://www.datenschutz-berlin.de',
    withdrawalDays: 14,
    privacyEmail: 'datenschutz.de@nordvolt.example',
    contactEmail: 'kundenservice.de@nordvolt.example',
    contactPhone: '+49 30 0000 0000',
  },
  FR: {
    company: 'Nordvolt France SAS',
    companyAddress: '40 avenue de la Grande Armée, 75017 Paris, France',
    companyRegistration: 'RCS Paris 900 000 001',
    dataLaw: 'GDPR',
    authority: 'Commission nationale de l’informatique et des libertés (CNIL)',
    authorityUrl: 'https://www.cnil.fr',
    withdrawalDays: 14,
    privacyEmail: 'donnees.fr@nordvolt.example',
    contactEmail: 'service-client.fr@nordvolt.example',
    contactPhone: '+33 1 00 00 00 00',
  },
  BE: {
    company: 'Nordvolt Belgium SA/NV',
    companyAddress: 'Boulevard du Souverain 100, 1170 Bruxelles / Vorstlaan 100, 1170 Brussel',
    companyRegistration: 'BCE/KBO 0700.000.001',
    dataLaw: 'GDPR',
    authority: 'Gegevensbeschermingsautoriteit / Autorité de protection des données',
    authorityUrl: 'https://www.dataprotectionauthority.be',
    withdrawalDays: 14,
    privacyEmail: 'privacy.be@nordvolt.example',
    contactEmail: 'service.be@nordvolt.example',
    contactPhone: '+32 2 000 00 00',
  },
  TH: {
    company: 'Nordvolt (Thailand) Co., Ltd.',
    companyAddress: '87 Wireless Road, Lumphini, Pathum Wan, Bangkok 10330, Thailand',
    companyRegistration: '0105500000001',
    dataLaw: 'PDPA',
    authority: 'สำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (PDPC)',
    authorityUrl: 'https://www.pdpc.or.th',
    // The Direct Sales and Direct Marketing Act gives seven days to cancel a distance purchase.
    withdrawalDays: 7,
    privacyEmail: 'privacy.th@nordvolt.example',
    contactEmail: 'service.th@nordvolt.example',
    contactPhone: '+66 2 000 0000',
    directMarketingRegistration: 'สคบ. 0000/2569',
  },
  IS: {
    company: 'Nordvolt Ísland ehf.',
    companyAddress: 'Borgartún 26, 105 Reykjavík, Ísland',
    companyRegistration: 'Kt. 500000-0001',
    dataLaw: 'GDPR',
    authority: 'Persónuvernd',
    authorityUrl: 'https://www.personuvernd.is',
    withdrawalDays: 14,
    privacyEmail: 'personuvernd@nordvolt.example',
    contactEmail: 'thjonusta.is@nordvolt.example',
    contactPhone: '+354 500 0000',
  },
  LU: {
    company: 'Nordvolt Luxembourg S.à r.l.',
    companyAddress: '2 route d’Arlon, 8008 Strassen, Luxembourg',
    companyRegistration: 'RCS Luxembourg B200001',
    dataLaw: 'GDPR',
    authority: 'Commission nationale pour la protection des données (CNPD)',
    authorityUrl: 'https://cnpd.public.lu',
    withdrawalDays: 14,
    privacyEmail: 'donnees.lu@nordvolt.example',
    contactEmail: 'service.lu@nordvolt.example',
    contactPhone: '+352 20 00 00 00',
  },
  AT: {
    company: 'Nordvolt Austria GmbH',
    companyAddress: 'Mariahilfer Straße 77, 1060 Wien, Österreich',
    companyRegistration: 'FN 500001 a, Handelsgericht Wien',
    dataLaw: 'GDPR',
    authority: 'Österreichische Datenschutzbehörde',
    authorityUrl: 'https://www.dsb.gv.at',
    withdrawalDays: 14,
    privacyEmail: 'datenschutz.at@nordvolt.example',
    contactEmail: 'kundenservice.at@nordvolt.example',
    contactPhone: '+43 1 000 00 00',
  },
}
