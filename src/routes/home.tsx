import { type Configuration, defaultConfiguration } from '../domain/catalog/configuration'
import type { Catalog } from '../domain/catalog/schema'
import { type CarFigures, carFigures } from '../domain/content/marketing'
import type { MessageKey } from '../i18n/intl'
import { linkTo } from '../i18n/links'
import { COUNTRY_SITES, SITE_ENDONYMS } from '../i18n/sites'
import { CarPicture, type CarView } from '../ui/car'
import { carImagePath } from '../ui/car/image-path'
import { carLook, useCarLabel } from '../ui/configurator/car-look'
import { useIntl, useT } from '../ui/intl-context'
import { useSiteContext } from '../ui/site-context'
import { jsonLd, organization } from './helpers/structured-data'
import { defineRoute } from './route'

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

/** The hosted picture of a car, for pictures below the first screen: lazy, with its size, so nothing shifts. */
function CarImage({ catalog, configuration, view }: { catalog: Catalog; configuration: Configuration; view: CarView }) {
  return (
    <img
      className="car-image"
      src={carImagePath(configuration, view)}
      alt={useCarLabel(catalog, configuration, view)}
      width={1200}
      height={600}
      loading="lazy"
      decoding="async"
    />
  )
}

/** Range, fast charging and luggage space, from the catalog, as the stage's three key figures. */
function KeyFigures({ figures }: { figures: CarFigures }) {
  const t = useT()
  const intl = useIntl()
  const n = (value: number) => intl.formatNumber(value)
  const fast = figures.fastCharging
  const rows = [
    { label: t('page.home.figures.range'), value: t('page.home.figures.rangeValue', { km: n(figures.rangeKm.max) }) },
    {
      label: t('page.home.figures.charging', { from: fast.fromPercent, to: fast.toPercent }),
      value: t('page.home.figures.chargingValue', { minutes: n(fast.minutes) }),
    },
    { label: t('marketing.cargo'), value: t('marketing.cargoValue', { litres: n(figures.cargoLitres) }) },
  ]
  return (
    <dl className="key-figures" aria-label={t('page.home.figures.heading')}>
      {rows.map((row) => (
        <div key={row.label} className="key-figures__item">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The P5 as it comes, drawn into the page (the first screen's largest element: no request to wait for). */
function StageCar({ catalog, configuration }: { catalog: Catalog; configuration: Configuration }) {
  const label = useCarLabel(catalog, configuration, 'front')
  return (
    <div className="stage__car">
      <CarPicture look={carLook(catalog, configuration)} view="front" label={label} />
    </div>
  )
}

/** The first screen: the car large on the light stage, its key figures and the two ways in. */
function HomeStage({ car }: { car: HomeCar | null }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section className="stage stage--home" aria-labelledby="hero-title">
      <div className="stage__text">
        <h1 id="hero-title" className="stage__title">
          {t('page.home.heading')}
        </h1>
        <p className="stage__lead">{t('page.home.lead')}</p>
      </div>
      {car ? <StageCar catalog={car.catalog} configuration={car.configuration} /> : null}
      <div className="stage__base">
        {car ? <KeyFigures figures={car.figures} /> : null}
        <div className="stage__actions">
          <a className="button button--primary" href={linkTo(site, '/configurator/p5')}>
            {t('page.home.cta.configure')}
          </a>
          <a className="button" href={linkTo(site, '/test-drive/p5')}>
            {t('page.home.cta.testDrive')}
          </a>
        </div>
      </div>
    </section>
  )
}

type SectionName = 'configure' | 'testDrive' | 'quickDelivery' | 'ownership'

/** One of the home's sections: a picture of the car beside a heading, a line and where to go. */
function HomeSection({
  name,
  car,
  picture,
  links,
  dark = false,
  flip = false,
}: {
  name: SectionName
  car: HomeCar
  picture: { configuration: Configuration; view: CarView }
  links: { path: string; label: MessageKey }[]
  dark?: boolean
  /** The picture on the right on desktop (alternating sections). */
  flip?: boolean
}) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <section
      className={`home-section${dark ? ' home-section--dark' : ''}${flip ? ' home-section--flip' : ''}`}
      aria-labelledby={`home-${name}`}
    >
      <div className="home-section__inner">
        <CarImage catalog={car.catalog} configuration={picture.configuration} view={picture.view} />
        <div className="home-section__text">
          <h2 id={`home-${name}`}>{t(`page.home.${name}.heading`)}</h2>
          <p>{t(`page.home.${name}.text`)}</p>
          <p className="home-section__links">
            {links.map((link, index) => (
              <a
                key={link.path}
                className={`button${index === 0 ? ' button--primary' : ''}`}
                href={linkTo(site, link.path)}
              >
                {t(link.label)}
              </a>
            ))}
          </p>
        </div>
      </div>
    </section>
  )
}

/** The car in other paints and views for the sections, so each shows something of its own. */
function showcase(catalog: Catalog, base: Configuration) {
  const paint = (index: number) => catalog.paints[index % catalog.paints.length]?.code ?? base.paintCode
  const wheels = catalog.wheels.at(-1)?.code ?? base.wheelCode
  return {
    configure: { configuration: { ...base, paintCode: paint(2), wheelCode: wheels }, view: 'side' },
    testDrive: { configuration: { ...base, paintCode: paint(1) }, view: 'rear' },
    quickDelivery: { configuration: { ...base, paintCode: paint(3) }, view: 'front' },
    ownership: { configuration: base, view: 'interior' },
  } as const satisfies Record<SectionName, { configuration: Configuration; view: CarView }>
}

interface HomeCar {
  catalog: Catalog
  configuration: Configuration
  figures: CarFigures
}

interface HomeData {
  car: HomeCar | null
}

function HomePage({ data }: { data: HomeData }) {
  const { site } = useSiteContext()
  const { car } = data
  const shown = car ? showcase(car.catalog, car.configuration) : null
  return (
    <div className="home">
      <HomeStage car={car} />
      {site.canOrder ? null : (
        <div className="home__inner">
          <OrderFromYourCountry />
        </div>
      )}
      {car && shown ? (
        <>
          <HomeSection
            name="configure"
            car={car}
            picture={shown.configure}
            links={[{ path: '/configurator/p5', label: 'page.home.cta.configure' }]}
          />
          <HomeSection
            name="testDrive"
            car={car}
            picture={shown.testDrive}
            flip
            links={[{ path: '/test-drive/p5', label: 'page.home.cta.testDrive' }]}
          />
          {site.canOrder ? (
            <HomeSection
              name="quickDelivery"
              car={car}
              picture={shown.quickDelivery}
              links={[{ path: '/quick-delivery', label: 'page.home.quickDelivery.link' }]}
            />
          ) : null}
          <HomeSection
            name="ownership"
            car={car}
            picture={shown.ownership}
            links={[
              { path: '/home-charger', label: 'charger.heading' },
              { path: '/subscription', label: 'subscription.heading' },
            ]}
            dark
            flip={site.canOrder}
          />
        </>
      ) : null}
    </div>
  )
}

/** The site's home: what the car is, where to start, and (on the global site) where to order. */
export default defineRoute({
  id: 'home',
  path: '/',
  label: null,
  namespaces: ['page.home'],
  indexable: true,
  // Everything the page shows is in the first flush: nothing streams in later, so the page needs no
  // script (a Suspense boundary that resolves after the shell would add React's inline swap script).
  load: async (ctx): Promise<HomeData> => {
    // The stage's car: the model as it comes in this country (the catalog is cached).
    const catalog = await ctx.store.catalog('p5')
    const configuration = catalog ? defaultConfiguration(catalog, ctx.site.countryCode) : null
    return {
      car: catalog && configuration ? { catalog, configuration, figures: carFigures(catalog) } : null,
    }
  },
  meta: () => ({ title: 'page.home.title', description: 'page.home.description' }),
  structuredData: (_data, page) =>
    jsonLd(...organization({ origin: page.origin, url: page.url, locale: page.site.locale })),
  Page: HomePage,
})
