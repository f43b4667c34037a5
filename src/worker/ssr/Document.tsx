import type { ReactNode } from 'react'
import { NO_SCRIPT_STYLESHEET } from '../../ui/Countdown'
import { RESTORE_VISIT_BUILD } from '../../ui/configurator/visit-build'
import { INLINE_STYLES } from './assets'

export interface DocumentProps {
  lang: string
  title: string
  description: string
  /** Null on pages that are not indexed (errors, personal pages). */
  canonical: string | null
  alternates: readonly { hrefLang: string; href: string }[]
  indexable: boolean
  /**
   * The serialized hydration payload, present only on pages that ship JavaScript: written after the app has
   * rendered, with the formatting it did (src/domain/locale-formats.ts).
   */
  payload: (() => string) | null
  /** What a link to the page shows when shared (Open Graph, X/Twitter card); null on error pages. */
  share: SharedLink | null
  /** Serialized JSON-LD for search engines, or null. */
  structuredData: string | null
  /** PageMeta.paintAfter: no first paint before the element with this id is read. */
  paintAfter: string | null
  /** PageMeta.restoresBuild: RESTORE_VISIT_BUILD runs first. */
  restoresBuild: boolean
  nonce: string
  /** The skip link's text: the link is the document's first element, then the banner, then `#app`. */
  skipToContent: string
  /**
   * The cookie banner, until the visitor chooses; rendered outside `#app`, never hydrated. It comes before `#app` in
   * the document, so that it is parsed, and painted, with the first screen (it is a first visit's largest text, so
   * its paint is the page's LCP: decision 27); the stylesheet shows it at
   * the bottom (`order`, sticky).
   */
  banner: ReactNode
  /** The analytics script and its page config (serialized), only with analytics consent on labelled pages. */
  analytics: { config: string; src: string } | null
  /**
   * In the native app's webview (app-webview.md): what the app shows of its own (the stylesheet hides the site's
   * header and footer by these attributes, so the hydrated tree stays the web's), its sign-in, and the bridge script
   * with what the page tells the app (`#__app`). Null on the web, whose pages do not change.
   */
  app: AppDocument | null
  /** The browser error reporter, on pages that ship JavaScript, only in production with a DSN. */
  monitoring: { dsn: string; environment: string; tracesSampleRate: number; src: string } | null
  children: ReactNode
}

export interface AppDocument {
  platform: 'iOS' | 'Android'
  /** The site's parts the app shows itself: 'header', 'footer'. */
  hides: string[]
  signInByApp: boolean
  /** The serialized BridgePage. */
  bridge: string
  src: string
}

/** The hydration payload's script, serialized as it renders: after `#app`, whose formatting it carries. */
function PayloadScript({ serialize, nonce }: { serialize: () => string; nonce: string }) {
  return (
    <script
      id="__ctx"
      type="application/json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeForScript escapes every character that could end the script
      dangerouslySetInnerHTML={{ __html: serialize() }}
    />
  )
}

/** A page's link preview: absolute addresses on the official origin, texts in the page's language. */
export interface SharedLink {
  title: string
  description: string
  url: string
  /** The car as a PNG of 1200 × 630, with its text alternative; null when no car can be drawn. */
  image: { url: string; width: number; height: number; alt: string } | null
}

/** The HTML document around the app. Server-only: the client hydrates `#app`, not the document. */
export function Document(props: DocumentProps) {
  return (
    <html
      lang={props.lang}
      data-app={props.app?.platform}
      data-app-hides={props.app?.hides.join(' ') || undefined}
      data-app-sign-in={props.app?.signInByApp ? 'app' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        {/* In the app the page reaches under the phone's notch and home bar; the stylesheet keeps the safe areas. */}
        <meta
          name="viewport"
          content={`width=device-width, initial-scale=1${props.app ? ', viewport-fit=cover' : ''}`}
        />
        {props.restoresBuild ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own (ui/configurator/visit-build.ts)
          <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: RESTORE_VISIT_BUILD }} />
        ) : null}
        {/* `rel="expect"` is in the WHATWG HTML standard (#link-type-expect, Chrome 124+; others ignore it); the W3C
            validator does not know it yet, which is its gap, not an error here. */}
        {props.paintAfter === null ? null : <link rel="expect" href={`#${props.paintAfter}`} blocking="render" />}
        <title>{props.title}</title>
        <meta name="description" content={props.description} />
        {props.indexable ? null : <meta name="robots" content="noindex" />}
        {props.canonical ? <link rel="canonical" href={props.canonical} /> : null}
        {props.alternates.map((alt) => (
          <link key={alt.hrefLang} rel="alternate" hrefLang={alt.hrefLang} href={alt.href} />
        ))}
        {props.share ? <ShareMeta share={props.share} /> : null}
        {props.structuredData === null ? null : (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeForScript escapes every character that could end the script
            dangerouslySetInnerHTML={{ __html: props.structuredData }}
          />
        )}
        <meta name="theme-color" content="#0b1f2a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build */}
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: INLINE_STYLES }} />
        {/* What a page without JavaScript must not show (a countdown that would never run): a file, not an inline
            style, so that an edge-cached page keeps exactly the inline styles its CSP hashes. */}
        <noscript>
          <link rel="stylesheet" href={NO_SCRIPT_STYLESHEET} />
        </noscript>
      </head>
      <body>
        <a className="skip-link" href="#main">
          {props.skipToContent}
        </a>
        {props.banner}
        <div id="app">{props.children}</div>
        {props.payload === null ? null : <PayloadScript serialize={props.payload} nonce={props.nonce} />}
        {props.analytics === null ? null : (
          <>
            <script
              id="__analytics"
              type="application/json"
              nonce={props.nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeForScript escapes every character that could end the script
              dangerouslySetInnerHTML={{ __html: props.analytics.config }}
            />
            <script type="module" src={props.analytics.src} nonce={props.nonce} />
          </>
        )}
        {props.app === null ? null : (
          <>
            <script
              id="__app"
              type="application/json"
              nonce={props.nonce}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeForScript escapes every character that could end the script
              dangerouslySetInnerHTML={{ __html: props.app.bridge }}
            />
            <script type="module" src={props.app.src} nonce={props.nonce} />
          </>
        )}
        {props.monitoring === null ? null : (
          <script
            type="module"
            src={props.monitoring.src}
            nonce={props.nonce}
            data-sentry-dsn={props.monitoring.dsn}
            data-sentry-environment={props.monitoring.environment}
            data-sentry-traces-sample-rate={props.monitoring.tracesSampleRate}
          />
        )}
      </body>
    </html>
  )
}

function ShareMeta({ share }: { share: SharedLink }) {
  const { image } = share
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Nordvolt'],
    ['og:title', share.title],
    ['og:description', share.description],
    ['og:url', share.url],
    ...(image
      ? ([
          ['og:image', image.url],
          ['og:image:type', 'image/png'],
          ['og:image:width', String(image.width)],
          ['og:image:height', String(image.height)],
          ['og:image:alt', image.alt],
          ['twitter:card', 'summary_large_image'],
          ['twitter:image:alt', image.alt],
        ] as [string, string][])
      : [['twitter:card', 'summary'] as [string, string]]),
  ]
  // Open Graph names its tags by `property`, X (Twitter) by `name`.
  return tags.map(([key, content]) =>
    key.startsWith('og:') ? (
      <meta key={key} property={key} content={content} />
    ) : (
      <meta key={key} name={key} content={content} />
    ),
  )
}
