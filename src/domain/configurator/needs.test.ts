import { describe, expect, it } from 'vitest'
import p5 from '../../../data/catalog/p5.json'
import { defaultConfiguration } from '../catalog/configuration'
import { Catalog } from '../catalog/schema'
import { missingNeeds, withChoiceAndNeeds } from './needs'

const catalog = Catalog.parse(p5)
const standard = defaultConfiguration(catalog, 'DE', 'standard-range')
const longRange = defaultConfiguration(catalog, 'DE', 'long-range')

describe('what an option needs', () => {
  it('names the pack a vegan-leather interior needs on Standard Range, and nothing where it is standard', () => {
    expect(missingNeeds(catalog, standard, 'vegan-leather-sand').map((item) => item.code)).toEqual(['comfort-pack'])
    // Long Range has the comfort pack as standard.
    expect(missingNeeds(catalog, longRange, 'vegan-leather-sand')).toEqual([])
    expect(missingNeeds(catalog, standard, 'fjord-blue')).toEqual([])
  })

  it('takes the needed pack along with the choice, in one action', () => {
    const chosen = withChoiceAndNeeds(catalog, standard, 'interiorCode', 'vegan-leather-sand')
    expect(chosen.interiorCode).toBe('vegan-leather-sand')
    expect(chosen.packCodes).toEqual([...standard.packCodes, 'comfort-pack'])
    const sound = withChoiceAndNeeds(catalog, longRange, 'packCodes', 'premium-sound')
    expect(sound.packCodes).toEqual(['premium-sound', 'tech-pack'])
  })

  it('leaves the rest alone when an extra is taken out', () => {
    const withSound = { ...longRange, packCodes: ['tech-pack', 'premium-sound'] }
    expect(withChoiceAndNeeds(catalog, withSound, 'packCodes', 'premium-sound').packCodes).toEqual(['tech-pack'])
  })
})
