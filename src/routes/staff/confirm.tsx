import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { useT } from '../../ui/intl-context'
import { useSiteContext } from '../../ui/site-context'
import { SubmitOrBack } from '../helpers/submit-or-back'

/** The change staff are asked to confirm (`?confirm=`): the form's fields, and what to ask. */
export interface PendingChange {
  fields: Record<string, string>
  action: MessageKey
  /** A status named in the action (`Set to: {status}`). */
  status: MessageKey | null
  record: MessageKey
  reference: string
}

/** Asks before a change of a customer's record, with a note for the audit log. */
export function ConfirmChange({ change }: { change: PendingChange }) {
  const t = useT()
  const { site } = useSiteContext()
  const action = t(change.action, change.status ? { status: t(change.status) } : {})
  return (
    <form method="post" action={linkTo(site, '/staff')} className="form card" id="confirm">
      <h2>{t('staff.confirm.heading')}</h2>
      <p>{t('staff.confirm.question', { action, record: `${t(change.record)} ${change.reference}` })}</p>
      {Object.entries(change.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="staff-confirm-note">{t('admin.note')}</label>
        <input id="staff-confirm-note" name="note" maxLength={500} autoComplete="off" />
      </div>
      <div className="form-actions">
        <SubmitOrBack submit="staff.confirm.yes" back="admin.cancel" backTo={linkTo(site, '/staff')} />
      </div>
    </form>
  )
}
