import { homeUrl } from '../i18n/links'
import { CountdownControl, useStoppableCountdown } from './Countdown'
import { useT } from './intl-context'
import { useSiteContext } from './site-context'
import { ERROR_REDIRECT_SECONDS } from './useCountdown'

/**
 * The error types of SPEC §2/§8 and one per client-error status the worker answers with a page
 * (`src/worker/errors.ts`); each has `error.{type}.code`, `.title` and `.message` messages.
 */
export type ErrorType =
  | 'notFound'
  | 'noRecord'
  | 'configuratorNotFound'
  | 'unexpected'
  | 'signInInApp'
  | 'badRequest'
  | 'forbidden'
  | 'conflict'
  | 'gone'
  | 'tooManyRequests'
  | 'tooLarge'
  | 'unreadableRecord'

/** What the error page shows: its type's texts, unless the error carries its own title or message. */
export interface AppError {
  type: ErrorType
  title?: string
  message?: string
}

/**
 * The error screen of SPEC §2/§8: title and message from `error.{type}.*` unless the error carries
 * its own, a countdown from 5 to 0, then the site's home; Return Home shows the seconds left.
 */
export function ErrorPage({ error }: { error: AppError }) {
  const t = useT()
  const { site, page } = useSiteContext()
  const home = homeUrl(site, page.officialUrl)
  const countdown = useStoppableCountdown(ERROR_REDIRECT_SECONDS, home)
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">{t(`error.${error.type}.code`)}</p>
      <h1 id="error-title" className="error-page__title">
        {error.title ?? t(`error.${error.type}.title`)}
      </h1>
      <p className="error-page__message">{error.message ?? t(`error.${error.type}.message`)}</p>
      <div className="error-page__countdown">
        <CountdownControl countdown={countdown} notice="error.redirectNotice" stay="error.stay" />
      </div>
      <a className="button button--primary" href={home}>
        {countdown.stopped ? t('error.returnHomeNow') : t('error.returnHome', { seconds: countdown.left })}
      </a>
    </section>
  )
}
