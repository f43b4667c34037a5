import { describe, expect, it } from 'vitest'
import { wrap } from './render'

/** A font whose every character is 5 points wide at any size. */
const MONO = { widthOfTextAtSize: (text: string) => text.length * 5 }

describe('the PDF’s line breaks', () => {
  it('keep punctuation with its word: no line starts with a closing mark or comma, none ends with an opening one', () => {
    const text = 'Leasebasis (waarde van de auto excl. btw), Keizersgracht 1, 1017 AB Amsterdam, Nederland'
    for (let width = 60; width <= 300; width += 5) {
      const lines = wrap(text, MONO, 10, width, 'nl-NL')
      expect(lines.join(' ')).toBe(text)
      for (const line of lines) {
        expect(line).not.toMatch(/^[),.;:]/)
        expect(line).not.toMatch(/\($/)
      }
    }
  })

  it('breaks Thai between words, which it writes without spaces', () => {
    const lines = wrap('ในจำนวนนี้เป็นภาษีมูลค่าเพิ่ม', MONO, 10, 60, 'th-TH')
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.join('')).toBe('ในจำนวนนี้เป็นภาษีมูลค่าเพิ่ม')
  })
})
