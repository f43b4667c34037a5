import { describe, expect, it } from 'vitest'
import { appShellOf, appVariant } from './app-shell'

const IOS_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 NordvoltApp/3.2.0 (iOS)'
const ANDROID_APP = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile NordvoltApp/3.1 (Android)'
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1'

describe('the app shell', () => {
  it('is the web without the app marker, whatever cookie the browser has', () => {
    expect(appShellOf(SAFARI, 'v1.header.footer.consent-a1m1.login-app')).toBeNull()
  })

  it('reads the platform and version from the user agent, and shows the site as it is without the cookie', () => {
    expect(appShellOf(ANDROID_APP, undefined)).toEqual({
      platform: 'Android',
      version: '3.1',
      ownHeader: false,
      ownFooter: false,
      consentByApp: false,
      choice: null,
      signInByApp: false,
    })
    expect(appShellOf(IOS_APP, undefined)?.platform).toBe('iOS')
  })

  it('reads what the app shows itself, its visitor’s consent and its sign-in from the cookie', () => {
    expect(appShellOf(IOS_APP, 'v1.header.footer.consent-a1m0.login-app')).toMatchObject({
      ownHeader: true,
      ownFooter: true,
      consentByApp: true,
      choice: { analytics: true, marketing: false },
      signInByApp: true,
    })
    expect(appShellOf(IOS_APP, 'v1.consent-unset')).toMatchObject({ consentByApp: true, choice: null })
    expect(appShellOf(IOS_APP, 'v1.footer')).toMatchObject({ ownHeader: false, ownFooter: true })
  })

  it('ignores words it does not know, and the whole value without its version or when too long', () => {
    expect(appShellOf(IOS_APP, 'v1.header.tabbar.consent-a2m0')).toMatchObject({ ownHeader: true, consentByApp: false })
    expect(appShellOf(IOS_APP, 'header.footer')).toMatchObject({ ownHeader: false, ownFooter: false })
    expect(appShellOf(IOS_APP, `v1.header.${'x'.repeat(200)}`)).toMatchObject({ ownHeader: false })
  })

  it('keys the edge cache apart: web, and each app shell', () => {
    const ios = appShellOf(IOS_APP, 'v1.header.footer.consent-a1m0')
    expect(appVariant(null)).toBe('w')
    expect(appVariant(ios)).toBe('iOS-hfc')
    expect(appVariant(appShellOf(ANDROID_APP, undefined))).toBe('Android-')
    expect(appVariant(appShellOf(IOS_APP, 'v1.login-app'))).toBe('iOS-l')
  })
})
