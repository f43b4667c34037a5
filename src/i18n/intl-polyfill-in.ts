// Step 1 of loading shipped Intl data (see icelandic-data.ts): formatjs's locale-data modules register their
// data on the global constructors, so the polyfills stand in for the runtime's own for that moment only.
import { DateTimeFormat } from '@formatjs/intl-datetimeformat'
import { NumberFormat } from '@formatjs/intl-numberformat'

export const RUNTIME_INTL = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat }
export const POLYFILLS = { NumberFormat, DateTimeFormat }

Object.defineProperty(Intl, 'NumberFormat', { value: NumberFormat, configurable: true, writable: true })
Object.defineProperty(Intl, 'DateTimeFormat', { value: DateTimeFormat, configurable: true, writable: true })
