/**
 * The self-hosted typeface files (public/assets/fonts, served as static assets with a year's
 * immutable caching; the version is in the name, so a new release is a new address). Their
 * @font-face rules are in src/ui/styles.css; this list says which the document preloads.
 */
export const FONT_FILES = {
  latin: '/assets/fonts/inter-latin-wght-5.3.0.woff2',
  thai: '/assets/fonts/noto-sans-thai-thai-wght-5.3.0.woff2',
} as const

/**
 * The font files a page in `locale` needs for its first screen: Inter's Latin file everywhere
 * (figures, names and prices are Latin on every site), and Thai pages the Thai file too.
 *
 * @example
 * preloadedFonts('de-DE') // ['/assets/fonts/inter-latin-wght-5.3.0.woff2']
 */
export function preloadedFonts(locale: string): readonly string[] {
  return locale.startsWith('th') ? [FONT_FILES.latin, FONT_FILES.thai] : [FONT_FILES.latin]
}
