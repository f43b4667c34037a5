import daDK from '../../locales/da-DK.json'
import deAT from '../../locales/de-AT.json'
import deDE from '../../locales/de-DE.json'
import enUS from '../../locales/en-US.json'
import frBE from '../../locales/fr-BE.json'
import frFR from '../../locales/fr-FR.json'
import frLU from '../../locales/fr-LU.json'
import isIS from '../../locales/is-IS.json'
import nbNO from '../../locales/nb-NO.json'
import nlBE from '../../locales/nl-BE.json'
import nlNL from '../../locales/nl-NL.json'
import svSE from '../../locales/sv-SE.json'
import thTH from '../../locales/th-TH.json'
import type { Messages } from './intl'
import type { Locale } from './sites'

/** Every message catalog, by locale. Server-only: the client receives the namespaces it needs. */
export const CATALOGS: Record<Locale, Messages> = {
  'en-US': enUS,
  'nb-NO': nbNO,
  'sv-SE': svSE,
  'da-DK': daDK,
  'nl-NL': nlNL,
  'nl-BE': nlBE,
  'fr-BE': frBE,
  'de-DE': deDE,
  'de-AT': deAT,
  'fr-FR': frFR,
  'fr-LU': frLU,
  'th-TH': thTH,
  'is-IS': isIS,
}
