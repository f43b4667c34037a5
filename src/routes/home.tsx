import { Suspense, use } from 'react'
import { type Configuration, defaultConfiguration } from '../domain/catalog/configuration'
import type { ModelSummary } from '../domain/catalog/model'
import type { Catalog } from '../domain/catalog/schema'
import { linkTo } from '../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS } from '../i18n/sites'
import { CarPicture } from '../ui/car'
import { carLook, useCarLabel } from '../ui/configurator/car-look'
import { useIntl, useT } from '../ui/intl-context'
import { useRenderContext } from '../ui/site-context'
import { defineRoute } from './route'

function Lineup({ models }: { models: Promise<ModelSummary[]> }) {
  const t = useT()
  const intl = useIntl()
  const { site } = useRenderContext()
  return (
    <ul className="lineup__list">
      {use(models).map((model) => (
        <li key={model.code} className="card">
          <h3 className="card__title">{model.name}</h3>
          <p>
            {t('page.home.lineup.facts', {
              range: intl.formatNumber(model.rangeKm),
              battery: intl.formatNumber(model.batteryKwh),
              cargo: intl.formatNumber(model.cargoLitres),
            })}
          </p>
          <a className="button" href={linkTo(site, `/configurator/${model.code}`)}>
            {t('page.home.lineup.configure', { name: model.name })}
          </a>
        </li>
      ))}
    </ul>
  )
}

function OrderFromYourCountry() {
  const t = useT()
  return (
    <section className="notice" aria-labelledby="global-order">
      <h2 id="global-order">{t('page.home.global.heading')}</h2>
      <p>{t('page.home.global.body')}</p>
      <ul className="country-list">
        {COUNTRY_SITES.filter((s) => s.canOrder).map((s) => (
          <li key={s.prefix}>
            <a href={linkTo(s, '/')} lang={s.locale} hrefLang={s.locale}>
              {SITE_ENDONYMS[s.prefix]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The P5 as it comes, on the hero's stage. */
function HeroCar({ catalog, configuration }: { catalog: Catalog; configuration: Configuration }) {
  const label = useCarLabel(catalog, configuration, 'front')
  return (
    <div className="hero__car">
      <CarPicture look={carLook(catalog, configuration)} view="front" label={label} />
    </div>
  )
}

interface HomeData {
  lineup: Promise<ModelSummary[]>
  car: { catalog: Catalog; configuration: Configuration } | null
}

function HomePage({ data }: { data: HomeData }) {
  const t = useT()
  const { site } = useRenderContext()
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          {t('page.home.heading')}
        </h1>
        <p className="hero__lead">{t('page.home.lead')}</p>
        <div className="hero__actions">
          <a className="button button--primary" href={linkTo(site, '/configurator/p5')}>
            {t('page.home.cta.configure')}
          </a>
          <a className="button" href={linkTo(site, '/test-drive/p5')}>
            {t('page.home.cta.testDrive')}
          </a>
        </div>
        {data.car ? <HeroCar {...data.car} /> : null}
      </section>
      {site.canOrder ? null : <OrderFromYourCountry />}
      <section className="lineup" aria-labelledby="lineup-title">
        <h2 id="lineup-title">{t('page.home.lineup.heading')}</h2>
        <Suspense fallback={<p className="lineup__loading">{t('page.home.lineup.loading')}</p>}>
          <Lineup models={data.lineup} />
        </Suspense>
      </section>
    </>
  )
}

/** The site's home: what the car is, where to start, and (on the global site) where to order. */
export default defineRoute({
  id: 'home',
  path: '/',
  label: null,
  namespaces: ['page.home'],
  indexable: true,
  // The line-up streams in behind Suspense; the hero paints first.
  load: async (ctx): Promise<HomeData> => {
    const lineup = ctx.store.modelsForCountry(ctx.site.countryCode)
    // The hero's car: the model as it comes in this country (the catalog is cached).
    const catalog = await ctx.store.catalog('p5')
    const configuration = catalog ? defaultConfiguration(catalog, ctx.site.countryCode) : null
    return { lineup, car: catalog && configuration ? { catalog, configuration } : null }
  },
  meta: () => ({ title: 'page.home.title', description: 'page.home.description' }),
  Page: HomePage,
})
