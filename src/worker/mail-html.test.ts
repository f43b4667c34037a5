import { describe, expect, it } from 'vitest'
import { mailHtml } from './mail-html'

const picture = {
  src: 'https://www.nordvolt.example/car/p5/front.png?version=long-range&paint=fjord-blue&size=1200x600',
  width: 600,
  height: 300,
  alt: 'P5 "Long Range" from the front left, in Fjord Blue',
}

describe('the HTML part of an e-mail about a car', () => {
  it('shows the picture first, then the text paragraph by paragraph, in the customer’s language', () => {
    const html = mailHtml(
      'sv-SE',
      'Tack för din beställning',
      'Hej Anna,\ntack!\n\nPriset på din bil',
      picture,
      'https://www.nordvolt.example/se',
    )
    expect(html).toMatch(/^<!doctype html><html lang="sv-SE">/)
    expect(html).toContain('<title>Tack för din beställning</title>')
    const img = /<img [^>]*>/.exec(html)?.[0] ?? ''
    expect(img).toContain(
      'src="https://www.nordvolt.example/car/p5/front.png?version=long-range&amp;paint=fjord-blue&amp;size=1200x600"',
    )
    expect(img).toContain('width="600" height="300"')
    expect(img).toContain('alt="P5 &quot;Long Range&quot; from the front left, in Fjord Blue"')
    expect(html.indexOf('<img')).toBeLessThan(html.indexOf('Hej Anna'))
    // The wordmark, as text (it shows with pictures blocked), heads the e-mail and opens the site's home page.
    const wordmark = /<a href="([^"]+)"[^>]*>&#9650;&nbsp;NORDVOLT<\/a>/.exec(html)
    expect(wordmark?.[1]).toBe('https://www.nordvolt.example/se')
    expect(wordmark?.index).toBeLessThan(html.indexOf('<img'))
    expect(html).toContain('>Hej Anna,<br>tack!</p><p style="margin:0 0 16px">Priset på din bil</p>')
  })

  it('writes what a customer typed as text, never as markup', () => {
    const html = mailHtml(
      'en-US',
      'Order <1>',
      'Hi <img src=x onerror=alert(1)> & "friends"',
      picture,
      'https://www.nordvolt.example',
    )
    expect(html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &amp; &quot;friends&quot;')
    expect(html).toContain('<title>Order &lt;1&gt;</title>')
    expect(html.match(/<img /g)).toHaveLength(1)
  })
})
