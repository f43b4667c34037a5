import { createIntl } from '@formatjs/intl'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import p5 from '../../../data/catalog/p5.json'
import type { Configuration } from '../../domain/catalog/configuration'
import { EXAMPLE_CONFIGURATION } from '../../domain/catalog/example'
import { Catalog } from '../../domain/catalog/schema'
import { CATALOGS } from '../../i18n/catalogs'
import type { MessageKey } from '../../i18n/intl'
import { LOCALES } from '../../i18n/sites'
import { carLabel, carLook, OPTION_FEATURES, visibleOptions } from '../configurator/car-look'
import { carViewOf } from '../configurator/car-view'
import { CAR_FEATURES, CAR_VIEWS, CarDrawing, CarPicture, type CarView, FEATURE_VIEWS } from '.'
import { drawCar } from './draw'

const catalog = Catalog.parse(p5)
const base = EXAMPLE_CONFIGURATION
const draw = (configuration: Configuration, view: CarView) => drawCar(carLook(catalog, configuration), view, 'c')
const EXTERIOR: CarView[] = ['front', 'side', 'rear']

describe('the car picture', () => {
  it.each([...EXTERIOR, 'interior' as const])(
    '%s: every paint draws a different picture, in its own colours (two-tone roof too)',
    (view) => {
      const pictures = catalog.paints.map((paint) => draw({ ...base, paintCode: paint.code }, view))
      expect(new Set(pictures).size).toBe(catalog.paints.length)
      catalog.paints.forEach((paint, i) => {
        // The body colour is in every view (through the windscreen inside); the roof colour outside.
        expect(pictures[i]?.toLowerCase()).toContain(`fill="${paint.colours[0]?.toLowerCase()}"`)
        if (view !== 'interior' && paint.colours[1])
          expect(pictures[i]?.toLowerCase()).toContain(`fill="${paint.colours[1].toLowerCase()}"`)
      })
    },
  )

  it('the wheel close-up shows the wheel, not the paint', () => {
    expect(draw({ ...base, paintCode: 'fjord-blue' }, 'wheel')).toBe(draw(base, 'wheel'))
  })

  it.each([...EXTERIOR, 'wheel' as const])('%s: each wheel design draws differently', (view) => {
    const pictures = catalog.wheels.map((wheel) => draw({ ...base, wheelCode: wheel.code }, view))
    expect(new Set(pictures).size).toBe(catalog.wheels.length)
  })

  it('wheels differ in size as well as spokes', () => {
    const aero = carLook(catalog, base)
    const sport = carLook(catalog, { ...base, wheelCode: 'sport-19' })
    expect([aero.wheelDesign, aero.wheelInches]).toEqual(['aero', 18])
    expect([sport.wheelDesign, sport.wheelInches]).toEqual(['sport', 19])
    // Same spokes, one inch more: still a different picture.
    expect(drawCar({ ...aero, wheelInches: 19 }, 'side', 'c')).not.toBe(drawCar(aero, 'side', 'c'))
  })

  it.each([...EXTERIOR, 'interior' as const])('%s: each interior draws differently, in its own colours', (view) => {
    const pictures = catalog.interiors.map((interior) => draw({ ...base, interiorCode: interior.code }, view))
    expect(new Set(pictures).size).toBe(catalog.interiors.length)
    catalog.interiors.forEach((interior, i) => {
      expect(pictures[i]?.toLowerCase()).toContain(`fill="${interior.colours[0]?.toLowerCase()}"`)
    })
  })

  it.each(CAR_FEATURES)('%s shows in its views and leaves the others alone', (feature) => {
    const plain = { ...carLook(catalog, base), features: [] }
    for (const view of CAR_VIEWS) {
      const without = drawCar(plain, view, 'c')
      const withIt = drawCar(
        { ...plain, features: [feature, ...(feature === 'bikeCarrier' ? ['towBar' as const] : [])] },
        view,
        'c',
      )
      const towBarAlone = drawCar({ ...plain, features: ['towBar'] }, view, 'c')
      const changed = feature === 'bikeCarrier' ? withIt !== towBarAlone : withIt !== without
      expect(changed, `${feature} in ${view}`).toBe(FEATURE_VIEWS[feature].includes(view))
    }
  })

  it('every option of the catalog that changes the outside or the cabin is drawn', () => {
    const options = [...catalog.packs.map((p) => p.code), ...catalog.accessories.map((a) => a.code)]
    // The cargo organiser sits in the closed boot: the only option with nothing to see.
    expect(options.filter((code) => !OPTION_FEATURES[code])).toEqual(['cargo-organiser'])
    const standard = { ...base, versionCode: 'standard-range' }
    for (const code of options.filter((c) => OPTION_FEATURES[c])) {
      const packs = catalog.packs.some((p) => p.code === code) ? [code] : []
      const accessories = packs.length ? [] : [code]
      // The bike carrier needs the tow bar; compare against the car with the tow bar alone.
      const before = code === 'bike-carrier' ? { ...standard, packCodes: ['tow-pack'] } : standard
      const after = { ...before, packCodes: [...before.packCodes, ...packs], accessoryCodes: accessories }
      const views = CAR_VIEWS.filter((view) => draw(before, view) !== draw(after, view))
      expect(views.length, code).toBeGreaterThan(0)
      expect(visibleOptions(catalog, after, views[0] as CarView)).toContain(code)
    }
  })

  it('the long range draws its standard comfort pack (heated seats)', () => {
    expect(carLook(catalog, base).features).toContain('heatedSeats')
    expect(carLook(catalog, { ...base, versionCode: 'standard-range' }).features).not.toContain('heatedSeats')
  })

  it('gives every picture on a page its own ids, and refers only to its own', () => {
    const look = carLook(catalog, base)
    const html = renderToString(
      <CarDrawing value={drawCar}>
        <CarPicture look={look} view="front" label="one" />
        <CarPicture look={{ ...look, paintColours: ['#1F4E79'] }} view="front" label="two" />
      </CarDrawing>,
    )
    const svgs = html.split('</svg>').filter((part) => part.includes('<svg'))
    expect(svgs).toHaveLength(2)
    const idsOf = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
    const all = svgs.flatMap(idsOf)
    expect(new Set(all).size).toBe(all.length)
    for (const svg of svgs) {
      const own = new Set(idsOf(svg))
      const refs = [...svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g)].map((m) => m[1])
      expect(refs.length).toBeGreaterThan(10)
      expect(refs.filter((ref) => !own.has(ref))).toEqual([])
    }
  })

  it('keeps a fixed 2:1 box and names itself with its label', () => {
    const html = renderToString(
      <CarDrawing value={drawCar}>
        <CarPicture look={carLook(catalog, base)} view="interior" label="Interieur &amp; stoelen" />
      </CarDrawing>,
    )
    expect(html).toMatch(/^<svg class="car-render" viewBox="0 0 1200 600" role="img" aria-labelledby="([^"]+)"/)
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)?.[1]
    expect(html).toContain(`<title id="${labelledBy}">`)
    expect(html).not.toContain('<script')
  })

  it('opens the view the address names, and the front for anything else', () => {
    expect(CAR_VIEWS.map(carViewOf)).toEqual([...CAR_VIEWS])
    expect([carViewOf(null), carViewOf('exterior'), carViewOf('<x>')]).toEqual(['front', 'front', 'front'])
  })
})

describe('the text alternative of each view', () => {
  const everything: Configuration = {
    ...base,
    paintCode: 'aurora-green-black',
    interiorCode: 'vegan-leather-sand',
    packCodes: ['tech-pack', 'premium-sound', 'tow-pack'],
    accessoryCodes: ['floor-mats', 'winter-wheels-18', 'bike-carrier'],
  }

  it.each(LOCALES)('%s: names what each view shows, with no placeholder left and no doubled word', (locale) => {
    const intl = createIntl({ locale, messages: CATALOGS[locale] })
    const t = (key: MessageKey, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values)
    const name = (code: string) =>
      [...catalog.paints, ...catalog.wheels, ...catalog.interiors, ...catalog.packs, ...catalog.accessories].find(
        (item) => item.code === code,
      )?.names[locale] as string
    const labels = CAR_VIEWS.map((view) => carLabel(t, locale, catalog, everything, view))
    expect(new Set(labels).size).toBe(CAR_VIEWS.length)
    for (const [i, label] of labels.entries()) {
      const view = CAR_VIEWS[i] as CarView
      expect(label, view).not.toMatch(/[{}]/)
      expect(label).toContain('P5')
      // "Aero-velgen-velgen", "wheels wheels": no word twice in a row.
      const words = label.toLowerCase().match(/\p{L}+/gu) ?? []
      expect(
        words.filter((w, n) => n > 0 && w === words[n - 1] && w.length > 2),
        `${locale} ${view}: ${label}`,
      ).toEqual([])
      if (view !== 'wheel')
        expect(label).toContain(name(view === 'interior' ? 'vegan-leather-sand' : 'aurora-green-black'))
      if (view !== 'interior') expect(label).toContain(name('aero-18'))
      for (const code of visibleOptions(catalog, everything, view)) expect(label).toContain(name(code))
    }
    expect(labels[CAR_VIEWS.indexOf('rear')]).toContain(name('bike-carrier'))
    expect(labels[CAR_VIEWS.indexOf('wheel')]).toContain(name('winter-wheels-18'))
    expect(labels[CAR_VIEWS.indexOf('interior')]).toContain(name('floor-mats'))
  })
})
