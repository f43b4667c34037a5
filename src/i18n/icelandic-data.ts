// Icelandic number and date data (CLDR, through formatjs's polyfills), loaded only for Icelandic pages,
// e-mails and answers. The three imports run in this order, synchronously, with nothing in between.
import { POLYFILLS } from './intl-polyfill-in'
import '@formatjs/intl-numberformat/locale-data/is'
import '@formatjs/intl-datetimeformat/locale-data/is'
import './intl-polyfill-out'

export const ICELANDIC_INTL = POLYFILLS
