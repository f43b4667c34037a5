// Not a page entry: Icelandic number and date data, loaded by Icelandic pages only (src/i18n/intl-data.ts).
export { ICELANDIC_INTL } from '../../i18n/icelandic-data'
