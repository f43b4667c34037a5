import { LEGAL_ENTITIES } from '../domain/content/legal-entities'
import { ACCESSIBILITY_RULES, accessibilityOf } from '../domain/legal/data'
import { formatDate } from '../i18n/dates'
import { linkTo } from '../i18n/links'
import { useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { defineRoute } from './route'

/** Where every footer links the statement. */
export const ACCESSIBILITY_PATH = '/accessibility'

interface AccessibilityData {
  company: string
  email: string
  phone: string
  law: string
  /** The national enforcement body, where one is known (data/legal/accessibility.json). */
  body: { name: string; url: string | null } | null
  target: string
  standard: string
  statementDate: string
}

function AccessibilityStatement({ data }: { data: AccessibilityData }) {
  const t = useT()
  const { site, page } = useSiteContext()
  const siteUrl = `${page.officialUrl.replace(/\/$/, '')}${linkTo(site, '/')}`
  const body = data.body
  return (
    <article className="page legal">
      <h1 className="page__heading">{t('legal.a11y.title')}</h1>
      <p className="page__lead">{t('legal.a11y.intro', { company: data.company, siteUrl })}</p>
      <section className="legal__section" aria-labelledby="a11y-conformance">
        <h2 id="a11y-conformance">{t('legal.a11y.conformance.heading')}</h2>
        <p>{t('legal.a11y.conformance.text', { target: data.target, standard: data.standard })}</p>
        <p>{t('legal.a11y.method')}</p>
      </section>
      <section className="legal__section" aria-labelledby="a11y-limitations">
        <h2 id="a11y-limitations">{t('legal.a11y.limitations.heading')}</h2>
        <ul>
          <li>{t('legal.a11y.limitations.pictures')}</li>
          <li>{t('legal.a11y.limitations.documents')}</li>
          <li>{t('legal.a11y.limitations.payment')}</li>
        </ul>
      </section>
      <section className="legal__section" aria-labelledby="a11y-feedback">
        <h2 id="a11y-feedback">{t('legal.a11y.feedback.heading')}</h2>
        <p>{t('legal.a11y.feedback.text', { email: data.email, phone: data.phone })}</p>
      </section>
      <section className="legal__section" aria-labelledby="a11y-enforcement">
        <h2 id="a11y-enforcement">{t('legal.a11y.enforcement.heading')}</h2>
        <p>
          {body
            ? t('legal.a11y.enforcement.body', { body: body.name, law: data.law })
            : t('legal.a11y.enforcement.none')}
        </p>
        {body?.url ? (
          <p>
            <a className="url" href={body.url} rel="external">
              {body.url}
            </a>
          </p>
        ) : null}
      </section>
      <p className="legal__meta">{t('legal.a11y.date', { date: formatDate(data.statementDate, site.locale) })}</p>
    </article>
  )
}

/**
 * `/accessibility`: the accessibility statement of the European Accessibility Act (Directive (EU) 2019/882,
 * Art. 13(2) and Annex V) for the site, in its language: target, known limitations, feedback, and the
 * country's enforcement body. Every footer links it.
 */
export default defineRoute<AccessibilityData>({
  id: 'accessibility',
  path: ACCESSIBILITY_PATH,
  label: null,
  namespaces: ['legal.a11y'],
  indexable: true,
  load: async ({ site }) => {
    const entity = LEGAL_ENTITIES[site.countryCode]
    const facts = accessibilityOf(site.countryCode)
    return {
      company: entity.company,
      email: entity.contactEmail,
      phone: entity.contactPhone,
      law: facts.law,
      body: facts.body ? { name: facts.body, url: facts.url } : null,
      target: ACCESSIBILITY_RULES.conformanceTarget,
      standard: ACCESSIBILITY_RULES.standard,
      statementDate: ACCESSIBILITY_RULES.statementDate,
    }
  },
  meta: () => ({ title: 'legal.a11y.title', description: 'legal.a11y.description' }),
  Page: AccessibilityStatement,
})
