import { describe, expect, it } from 'vitest'
import { channelOf, clientTypeOf, deviceOf, platformOf } from './client-platform'

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15',
  iosApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 NordvoltApp/3.2.0 (iOS)',
  androidApp: 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile NordvoltApp/3.2.0 (Android)',
}

describe('client platform', () => {
  it('tells the app channel (20) from the web (10)', () => {
    expect(channelOf(UA.iosApp)).toBe(20)
    expect(channelOf(UA.androidApp)).toBe(20)
    expect(channelOf(UA.iphone)).toBe(10)
  })

  it('names the device', () => {
    expect(deviceOf(UA.iphone)).toBe('iphone')
    expect(deviceOf(UA.ipad)).toBe('ipad')
    expect(deviceOf(UA.android)).toBe('android')
    expect(deviceOf(UA.windows)).toBe('windows')
    expect(deviceOf(UA.mac)).toBe('mac')
    expect(deviceOf('curl/8.0')).toBe('others')
  })

  it('names the platform: apps, mobile web (H5) or desktop (PC)', () => {
    expect(platformOf(UA.iosApp)).toBe('iOS app')
    expect(platformOf(UA.androidApp)).toBe('Android app')
    expect(platformOf(UA.android)).toBe('H5')
    expect(platformOf(UA.windows)).toBe('PC')
  })

  it('guesses the first-paint layout, preferring the client hint', () => {
    expect(clientTypeOf(UA.windows, '?1')).toBe('mobile')
    expect(clientTypeOf(UA.iphone, '?0')).toBe('desktop')
    expect(clientTypeOf(UA.iphone, null)).toBe('mobile')
    expect(clientTypeOf(UA.mac, null)).toBe('desktop')
  })
})
