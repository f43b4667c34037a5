import type { MessageKey } from '../../i18n/intl'
import { useT } from '../../ui/intl-context'

/**
 * The two ways out of a confirmation: the primary button that submits its form, and a link back that changes nothing.
 *
 * @example
 * <SubmitOrBack submit="logout.confirm" back="logout.cancel" backTo={linkTo(site, '/')} />
 */
export function SubmitOrBack({ submit, back, backTo }: { submit: MessageKey; back: MessageKey; backTo: string }) {
  const t = useT()
  return (
    <>
      <button className="button button--primary" type="submit">
        {t(submit)}
      </button>
      <a className="button" href={backTo}>
        {t(back)}
      </a>
    </>
  )
}
