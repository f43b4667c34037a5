import { useCallback, useEffect, useRef, useState } from 'react'
import type { MessageKey } from '../i18n/intl'
import { useT } from './intl-context'
import { useCountdown } from './useCountdown'

/**
 * A countdown to another page that a person can stop (WCAG 2.2.1). It starts only once JavaScript runs; `left`
 * stays at `seconds` until then. Its notice is in the server's HTML, so that nothing moves when it starts, and a
 * browser without JavaScript hides it (`NO_SCRIPT_STYLESHEET`): no page promises a redirect that cannot happen.
 *
 * @example
 * const countdown = useStoppableCountdown(5, home)
 * <CountdownControl countdown={countdown} notice="error.redirectNotice" stay="error.stay" />
 */
export function useStoppableCountdown(seconds: number, target: string) {
  const [running, setRunning] = useState(false)
  const [stopped, setStopped] = useState(false)
  useEffect(() => setRunning(true), [])
  const go = useCallback(() => window.location.assign(target), [target])
  const left = useCountdown(seconds, go, running && !stopped)
  return { left, running: running && !stopped, stopped, stop: () => setStopped(true) }
}

/**
 * The countdown's notice with its stop button, announced once when it starts and once when it stops (not every
 * second). Put it before the page's other controls, so the button is among the first tab stops.
 */
export function CountdownControl(props: {
  countdown: ReturnType<typeof useStoppableCountdown>
  notice: MessageKey
  stay: MessageKey
}) {
  const t = useT()
  const { countdown } = props
  const stoppedRef = useRef<HTMLParagraphElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const startSeconds = useRef(countdown.left)
  useEffect(() => {
    if (countdown.running) setAnnouncement(t(props.notice, { seconds: startSeconds.current }))
  }, [countdown.running, props.notice, t])
  useEffect(() => {
    if (!countdown.stopped) return
    setAnnouncement(t('error.countdownStopped'))
    stoppedRef.current?.focus()
  }, [countdown.stopped, t])
  return (
    <div className="countdown">
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {countdown.stopped ? null : (
        <div className="countdown__live">
          <p aria-hidden="true">{t(props.notice, { seconds: countdown.left })}</p>
          <button className="button" type="button" onClick={countdown.stop}>
            {t(props.stay)}
          </button>
        </div>
      )}
      {countdown.stopped ? (
        <p ref={stoppedRef} tabIndex={-1}>
          {t('error.countdownStopped')}
        </p>
      ) : null}
    </div>
  )
}

/** The stylesheet the document loads where no script runs (public/noscript.css): it hides `.countdown__live`. */
export const NO_SCRIPT_STYLESHEET = '/noscript.css'
