import type { ReactNode } from 'react'
import type { MessageKey } from '../i18n/intl'
import { useT } from './intl-context'
import { PageShell } from './PageShell'

/** A page whose heading and lead come from the catalog, with optional placeholder values. */
export function ShellPage({
  heading,
  lead,
  values,
  children,
}: {
  heading: MessageKey
  lead: MessageKey
  values?: Record<string, string | number>
  children?: ReactNode
}) {
  const t = useT()
  return (
    <PageShell heading={t(heading, values)} lead={t(lead, values)}>
      {children}
    </PageShell>
  )
}
