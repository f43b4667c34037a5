import type { RequestKind } from '../../domain/programs/requests'
import type { ActionContext } from '../route'

/** The note staff gave with a change (from the confirmation form), kept for the audit log; nothing when empty. */
export async function keepNote(
  ctx: ActionContext,
  staffId: string,
  kind: 'order' | 'financeApplication' | RequestKind,
  id: string,
  to: string,
) {
  const note = (ctx.form.note ?? '').trim().slice(0, 500)
  if (!note) return
  await ctx.store.staffReplies.addNote({
    country: ctx.site.countryCode,
    actorId: staffId,
    kind,
    id,
    to,
    note,
    now: new Date(),
  })
}
