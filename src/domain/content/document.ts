import { z } from 'zod'
import type { Locale } from '../catalog/markets'

/** The long documents of SPEC §2, each written once per language (locales/content/<language>/<id>.json). */
export const DOCUMENT_IDS = ['terms-conditions', 'policy', 'user-agreement', 'ald-privacy'] as const
export type DocumentId = (typeof DOCUMENT_IDS)[number]

/** Languages the documents are written in: one per language, shared by the sites that speak it. */
export const CONTENT_LANGUAGES = ['en', 'nb', 'sv', 'da', 'nl', 'fr', 'de', 'th', 'is'] as const
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]

/** 'fr-BE' → 'fr': the language a site's documents are written in. */
export function contentLanguageOf(locale: Locale): ContentLanguage {
  const language = locale.slice(0, 2)
  const found = CONTENT_LANGUAGES.find((l) => l === language)
  if (!found) throw new Error(`no content language for ${locale}`)
  return found
}

const Text = z.string().min(1)
const SectionId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)

/**
 * A legal document as stored: text with `{placeholder}`s that `fillDocument` replaces with the site's
 * values (company, supervisory authority, governing law…).
 *
 * @example
 * ContentDocument.parse(termsEn).sections[0].id // 'scope'
 */
export const ContentDocument = z.strictObject({
  /** Document version shown to readers, e.g. '2.1'. */
  version: z.string().regex(/^\d+\.\d+$/),
  /** Date of the last change, ISO yyyy-mm-dd. */
  updated: z.iso.date(),
  title: Text,
  intro: Text,
  sections: z
    .array(
      z.strictObject({
        id: SectionId,
        heading: Text,
        paragraphs: z.array(Text).min(1),
        list: z.array(Text).min(1).optional(),
      }),
    )
    .min(1),
})
export type ContentDocument = z.infer<typeof ContentDocument>

/** Every `{name}` a document may use; `fillDocument` fails on any other. */
export const PLACEHOLDERS = [
  'company',
  'companyAddress',
  'companyRegistration',
  'country',
  'currency',
  'withdrawalDays',
  'dataLaw',
  'authority',
  'authorityUrl',
  'privacyEmail',
  'contactEmail',
  'contactPhone',
  'storeContact',
  'partner',
  'siteUrl',
] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]
export type PlaceholderValues = Record<Placeholder, string>

const PLACEHOLDER = /\{([^{}]*)\}/g

/** The placeholder names a text uses, in order. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')
}

function fill(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_, name: string, offset: number) => {
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) throw new Error(`unknown placeholder {${name}}`)
    const value = values[name as Placeholder]
    // A name that ends in an abbreviation ("Nordvolt Nederland B.V.") also ends the sentence: one full stop.
    const next = text[offset + name.length + 2]
    return value.endsWith('.') && next === '.' ? value.slice(0, -1) : value
  })
}

/** Every text of a document, for checks. */
export function textsOf(doc: ContentDocument): string[] {
  return [doc.title, doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])]
}

/** The document with the site's values in place of its placeholders; throws on an unknown one. */
export function fillDocument(doc: ContentDocument, values: PlaceholderValues): ContentDocument {
  return {
    ...doc,
    title: fill(doc.title, values),
    intro: fill(doc.intro, values),
    sections: doc.sections.map((s) => ({
      ...s,
      heading: fill(s.heading, values),
      paragraphs: s.paragraphs.map((p) => fill(p, values)),
      ...(s.list ? { list: s.list.map((item) => fill(item, values)) } : {}),
    })),
  }
}
