import { useIntl, useT } from '../ui/intl-context'
import { NextSteps } from '../ui/NextSteps'
import { ShellPage } from '../ui/ShellPage'
import { loadModel } from './lookups'
import { defineRoute } from './route'

type Data = { model: Awaited<ReturnType<typeof loadModel>> }

function MarketingPage({ data }: { data: Data }) {
  const t = useT()
  const intl = useIntl()
  const { model } = data
  return (
    <ShellPage heading="page.marketing.heading" lead="page.marketing.lead" values={{ model: model.name }}>
      <dl className="facts">
        <div>
          <dt>{t('facts.range')}</dt>
          <dd>{t('facts.rangeValue', { km: intl.formatNumber(model.rangeKm) })}</dd>
        </div>
        <div>
          <dt>{t('facts.battery')}</dt>
          <dd>{t('facts.batteryValue', { kwh: intl.formatNumber(model.batteryKwh) })}</dd>
        </div>
        <div>
          <dt>{t('facts.cargo')}</dt>
          <dd>{t('facts.cargoValue', { litres: intl.formatNumber(model.cargoLitres) })}</dd>
        </div>
      </dl>
      <NextSteps
        links={[
          { path: `/configurator/${model.code}`, label: 'page.home.cta.configure' },
          { path: `/test-drive/${model.code}`, label: 'page.home.cta.testDrive' },
        ]}
      />
    </ShellPage>
  )
}

/** `/marketing`: the P5 presented with its key figures, linking into configurator and test drive. */
export default defineRoute({
  id: 'marketing',
  path: '/marketing',
  label: null,
  namespaces: ['page.marketing', 'page.home.cta', 'facts'],
  indexable: true,
  load: async (ctx) => ({ model: await loadModel(ctx, 'p5') }),
  meta: (data) => ({
    title: 'page.marketing.heading',
    description: 'page.marketing.lead',
    values: { model: data.model.name },
  }),
  Page: MarketingPage,
})
