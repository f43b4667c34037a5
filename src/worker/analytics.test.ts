import { describe, expect, it } from 'vitest'
import { isLabelledPage } from './analytics'

describe('isLabelledPage', () => {
  it('knows the pages with an analytics label (SPEC §2) from their route patterns', () => {
    expect(isLabelledPage('/configurator/p5')).toBe(true)
    expect(isLabelledPage('/configurator/overview/cfg-1')).toBe(true)
    expect(isLabelledPage('/test-drive')).toBe(true)
    expect(isLabelledPage('/test-drive/p5')).toBe(true)
    expect(isLabelledPage('/order/ord-1')).toBe(true)
    expect(isLabelledPage('/')).toBe(false)
    expect(isLabelledPage('/marketing')).toBe(false)
    expect(isLabelledPage('/configurator/p5/extra')).toBe(false)
  })
})
