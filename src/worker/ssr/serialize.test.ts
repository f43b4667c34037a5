import { describe, expect, it } from 'vitest'
import { serializeForScript } from './serialize'

describe('serializeForScript', () => {
  it('cannot close the script element or open markup, whatever the data holds', () => {
    const hostile = { url: '/x?q=</script><script>alert(1)</script>', note: '<!-- & \u2028 \u2029' }
    const out = serializeForScript(hostile)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual(hostile)
  })
})
