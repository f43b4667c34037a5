import { useT } from '../ui/intl-context'
import { ShellPage } from '../ui/ShellPage'
import { loadConfiguratorTarget } from './lookups'
import { defineRoute } from './route'

const STEPS = [
  'configurator.step.version',
  'configurator.step.paint',
  'configurator.step.wheels',
  'configurator.step.interior',
  'configurator.step.options',
  'configurator.step.accessories',
] as const

type Data = Awaited<ReturnType<typeof loadConfiguratorTarget>>

function ConfiguratorPage({ data }: { data: Data }) {
  const t = useT()
  return (
    <ShellPage heading="page.configurator.heading" lead="page.configurator.lead" values={{ model: data.model.name }}>
      <ol className="steps" aria-label={t('configurator.stepsLabel')}>
        {STEPS.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
    </ShellPage>
  )
}

/** `/configurator/{id}`: a model by code or a saved configuration by id. */
export default defineRoute({
  id: 'configurator',
  path: '/configurator/:id',
  label: 'configurator',
  namespaces: ['page.configurator', 'configurator'],
  indexable: true,
  load: loadConfiguratorTarget,
  meta: (data) => ({
    title: 'page.configurator.heading',
    description: 'page.configurator.lead',
    values: { model: data.model.name },
  }),
  Page: ConfiguratorPage,
})
