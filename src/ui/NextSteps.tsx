import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { useT } from './intl-context'
import { useSiteContext } from './site-context'

/** A short list of links onward from a page, built with the site's link helper. */
export function NextSteps({ links }: { links: readonly { path: string; label: MessageKey }[] }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <nav className="next-steps" aria-label={t('common.nextSteps')}>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <a className="button" href={linkTo(site, link.path)}>
              {t(link.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
