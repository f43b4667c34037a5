/** Marker the native apps add to their webview's user agent: `NordvoltApp/<version> (iOS|Android)`. */
const APP_MARKER = /\bNordvoltApp\/[\d.]+/

export type ClientPlatform = 'PC' | 'H5' | 'Android app' | 'iOS app'
export type Device = 'windows' | 'mac' | 'iphone' | 'ipad' | 'android' | 'others'

/** Channel of SPEC §3/§9: 20 inside the native app's webview, 10 on the web. */
export function channelOf(userAgent: string): 10 | 20 {
  return APP_MARKER.test(userAgent) ? 20 : 10
}

/** Device of SPEC §3 from a user agent. iPadOS that claims to be a Mac stays `mac`. */
export function deviceOf(userAgent: string): Device {
  if (/iPad/.test(userAgent)) return 'ipad'
  if (/iPhone|iPod/.test(userAgent)) return 'iphone'
  if (/Android/.test(userAgent)) return 'android'
  if (/Windows/.test(userAgent)) return 'windows'
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac'
  return 'others'
}

/** Client platform of SPEC §3: the native apps, mobile web (H5) or desktop web (PC). */
export function platformOf(userAgent: string): ClientPlatform {
  if (APP_MARKER.test(userAgent)) return /Android/.test(userAgent) ? 'Android app' : 'iOS app'
  const device = deviceOf(userAgent)
  return device === 'iphone' || device === 'ipad' || device === 'android' || /Mobi/.test(userAgent) ? 'H5' : 'PC'
}

/** The first-paint layout guess from request headers; CSS decides the real layout at 750 px. */
export function clientTypeOf(userAgent: string, chUaMobile: string | null): 'desktop' | 'mobile' {
  if (chUaMobile === '?1') return 'mobile'
  if (chUaMobile === '?0') return 'desktop'
  return /Mobi|iPhone|Android/.test(userAgent) ? 'mobile' : 'desktop'
}
