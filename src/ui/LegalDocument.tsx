import type { ReactNode } from 'react'
import type { ContentDocument, ContentLanguage } from '../domain/content/document'
import { formatDate } from '../i18n/dates'
import { useT } from './intl-context'
import { useSiteContext } from './site-context'

// Web addresses and e-mail addresses in the text become links (shown as they are, also in print).
const LINKABLE = /(https?:\/\/[^\s,;()]+[^\s,;().]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g

function linked(text: string): ReactNode[] {
  return text.split(LINKABLE).map((part, i) => {
    if (i % 2 === 0) return part
    const href = part.includes('@') && !part.startsWith('http') ? `mailto:${part}` : part
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <a key={i} className="url" href={href}>
        {part}
      </a>
    )
  })
}

/**
 * A legal document: title, version and date, a table of contents linking to each section's anchor,
 * then the sections. Plain HTML, no client code; the print style drops the site's chrome.
 */
export function LegalDocument({ doc, language }: { doc: ContentDocument; language: ContentLanguage }) {
  const t = useT()
  const { site } = useSiteContext()
  // A document shown in another language than the page's (not translated yet) says so to browsers and readers.
  const lang = site.locale.startsWith(language) ? undefined : language
  return (
    <article className="page legal" lang={lang}>
      <h1 className="page__heading">{doc.title}</h1>
      <p className="legal__meta">
        {t('content.version', { version: doc.version })}
        {' · '}
        <time dateTime={doc.updated}>{t('content.updated', { date: formatDate(doc.updated, site.locale) })}</time>
      </p>
      <p className="page__lead">{linked(doc.intro)}</p>
      <nav className="legal__toc" aria-labelledby="toc-heading">
        <h2 id="toc-heading">{t('content.toc')}</h2>
        <ol>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="legal__section">
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{linked(paragraph)}</p>
          ))}
          {section.list ? (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{linked(item)}</li>
              ))}
            </ul>
          ) : null}
          <p className="legal__top">
            <a href="#toc-heading">{t('content.backToContents')}</a>
          </p>
        </section>
      ))}
    </article>
  )
}

/** What a content page shows when its document cannot be read: a translated notice (status 503). */
export function ContentUnavailable({ heading }: { heading: string }) {
  const t = useT()
  return (
    <article className="page">
      <h1 className="page__heading">{heading}</h1>
      <div className="notice" role="status">
        <h2>{t('content.unavailable.heading')}</h2>
        <p>{t('content.unavailable.message')}</p>
      </div>
    </article>
  )
}
