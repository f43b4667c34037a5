import { DUTCH_FINANCE_STATUSES, parseDutchFinanceStatus } from '../../domain/finance/status'
import type { Order } from '../../domain/order/order'
import { statusKey } from '../../domain/order/state'
import { parseRequestStatus, requestStatusKey } from '../../domain/programs/requests'
import type { MessageKey } from '../../i18n/intl'
import type { AuditEntry } from '../../store/audit'
import { useT } from '../../ui/intl-context'
import { labelOf, REQUEST_ACTION_KEYS, REQUEST_STATUS_KEYS, STAFF_EVENT_KEYS } from './labels'

/** One line of the audit log, ready to show. */
export interface AuditLine {
  key: string
  at: string
  who: string | null
  /** What the record is, and what staff call it (an order's number, a request's id). */
  record: { kind: MessageKey; reference: string }
  action: MessageKey
  from: MessageKey | null
  to: MessageKey
  note: string | null
}

/** The name of a status in the audit log, by what the record is. */
function auditStatus(entry: AuditEntry, status: string): MessageKey {
  if (entry.record === 'order') {
    const order = {
      kind: (entry.orderKind ?? 'order') as Order['kind'],
      flow: (entry.orderFlow ?? 'purchase') as Order['flow'],
    }
    return statusKey(order, status as Order['status'])
  }
  if (entry.record === 'financeApplication') {
    const code = parseDutchFinanceStatus(Number(status))
    return code === null ? 'staff.audit.unknown' : DUTCH_FINANCE_STATUSES[code].messageKey
  }
  if (entry.record === 'quote' || entry.record === 'tradeIn') return labelOf(REQUEST_STATUS_KEYS, status)
  const parsed = parseRequestStatus(entry.record, status)
  return parsed ? requestStatusKey(entry.record, parsed) : 'staff.audit.unknown'
}

export function auditLine(entry: AuditEntry, index: number, when: (iso: string) => string): AuditLine {
  const kind: MessageKey =
    entry.record === 'subscription' || entry.record === 'charger' || entry.record === 'testDrive'
      ? `staff.requests.kind.${entry.record}`
      : `staff.audit.record.${entry.record}`
  return {
    key: `${entry.recordId}-${entry.at}-${index}`,
    at: when(entry.at),
    who: entry.actorName === null ? null : `${entry.actorName} (${entry.actorEmail})`,
    record: { kind, reference: entry.reference },
    action:
      entry.action === 'status'
        ? 'staff.audit.action.status'
        : entry.action === 'note'
          ? 'staff.audit.action.note'
          : entry.record === 'quote' || entry.record === 'tradeIn'
            ? labelOf(REQUEST_ACTION_KEYS, entry.action)
            : labelOf(STAFF_EVENT_KEYS, entry.action),
    note: entry.note,
    from: entry.from === null ? null : auditStatus(entry, entry.from),
    to: auditStatus(entry, entry.to),
  }
}

/** Who changed which record of this country, when, from which status to which; newest first. */
export function AuditLog({ lines }: { lines: AuditLine[] }) {
  const t = useT()
  return (
    <section aria-labelledby="staff-audit">
      <h2 id="staff-audit">{t('staff.audit.heading')}</h2>
      <p>{t('staff.audit.lead')}</p>
      {lines.length === 0 ? (
        <p>{t('staff.audit.empty')}</p>
      ) : (
        <div className="compare__scroll">
          <table className="staff staff__audit">
            <thead>
              <tr>
                <th scope="col">{t('staff.audit.when')}</th>
                <th scope="col">{t('staff.audit.who')}</th>
                <th scope="col">{t('staff.audit.record')}</th>
                <th scope="col">{t('staff.audit.action')}</th>
                <th scope="col">{t('staff.audit.change')}</th>
                <th scope="col">{t('admin.note')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.key}>
                  <td>{line.at}</td>
                  <td>{line.who ?? <em>{t('staff.audit.erasedStaff')}</em>}</td>
                  <th scope="row">{`${t(line.record.kind)} ${line.record.reference}`}</th>
                  <td>{t(line.action)}</td>
                  <td>{line.from ? `${t(line.from)} → ${t(line.to)}` : t(line.to)}</td>
                  <td>{line.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
