import type { MessageKey, PageTextId } from '../i18n/intl'
import { ShellPage } from '../ui/ShellPage'
import { type AnalyticsLabel, defineRoute, type LoadContext, type PageRoute } from './route'

interface ShellRouteOptions<Record> {
  id: PageTextId
  path: string
  label: AnalyticsLabel | null
  indexable: boolean
  load: (ctx: LoadContext) => Promise<Record>
  /** Placeholder values for the heading and lead, from the loaded record. */
  values?: (record: Record) => Values
}

type Values = { [name: string]: string | number }

interface ShellData {
  heading: MessageKey
  lead: MessageKey
  values: Values
}

function ShellRoutePage({ data }: { data: ShellData }) {
  return <ShellPage heading={data.heading} lead={data.lead} values={data.values} />
}

/**
 * A page that shows a heading and a lead from `page.{id}.heading` / `page.{id}.lead`, after its
 * loader has found (or 404ed) the record it is about.
 *
 * @example
 * export default shellRoute({ id: 'order', path: '/order/:id', label: 'order_detail',
 *   indexable: false, load: loadOrder, values: (d) => ({ order: d.order.id }) })
 */
export function shellRoute<Record>(options: ShellRouteOptions<Record>): PageRoute<ShellData> {
  const heading = `page.${options.id}.heading` as const
  const lead = `page.${options.id}.lead` as const
  const values = options.values ?? (() => ({}))
  return defineRoute<ShellData>({
    id: options.id,
    path: options.path,
    label: options.label,
    namespaces: [`page.${options.id}`],
    indexable: options.indexable,
    load: async (ctx) => ({ heading, lead, values: values(await options.load(ctx)) }),
    meta: (data) => ({ title: data.heading, description: data.lead, values: data.values }),
    Page: ShellRoutePage,
  })
}

/** For pages that need no record. */
export const noRecord = async (): Promise<Record<string, never>> => ({})
