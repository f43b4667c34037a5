// Step 3: the runtime's own constructors are back before any other code runs; only our formatters for the
// shipped language use the polyfills (src/domain/locale-formats.ts).
import { RUNTIME_INTL } from './intl-polyfill-in'

Object.defineProperty(Intl, 'NumberFormat', { value: RUNTIME_INTL.NumberFormat, configurable: true, writable: true })
Object.defineProperty(Intl, 'DateTimeFormat', {
  value: RUNTIME_INTL.DateTimeFormat,
  configurable: true,
  writable: true,
})
