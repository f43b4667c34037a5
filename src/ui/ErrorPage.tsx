import { useCallback } from 'react'
import { homeUrl } from '../i18n/links'
import type { AppError } from './atoms'
import { useT } from './intl-context'
import { useRenderContext } from './site-context'
import { ERROR_REDIRECT_SECONDS, useCountdown } from './useCountdown'

/**
 * The error screen of SPEC §2/§8: title and message from `error.{type}.*` unless the error carries
 * its own, a countdown from 5 to 0, then the site's home; Return Home shows the seconds left.
 */
export function ErrorPage({ error }: { error: AppError }) {
  const t = useT()
  const { site, page } = useRenderContext()
  const home = homeUrl(site, page.officialUrl)
  const goHome = useCallback(() => window.location.assign(home), [home])
  const left = useCountdown(ERROR_REDIRECT_SECONDS, goHome)
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">{t(`error.${error.type}.code`)}</p>
      <h1 id="error-title" className="error-page__title">
        {error.title ?? t(`error.${error.type}.title`)}
      </h1>
      <p className="error-page__message">{error.message ?? t(`error.${error.type}.message`)}</p>
      <p className="error-page__countdown">{t('error.redirectNotice', { seconds: left })}</p>
      <a className="button button--primary" href={home}>
        {t('error.returnHome', { seconds: left })}
      </a>
    </section>
  )
}
