import type { HTMLAttributes } from 'react'

/**
 * An element whose content the server renders and the browser keeps as it came: hydration leaves an element with
 * `dangerouslySetInnerHTML` untouched, so the browser needs none of the content's code. Put it where a component
 * shows what no choice in the browser changes, as `import.meta.env.SSR ? <Part /> : <KeptHtml as="section" … />`
 * with the same element and attributes as the part's own, and the bundler leaves the part out of the browser's code.
 *
 * @example
 * {import.meta.env.SSR ? <VersionComparison data={data} /> : <KeptHtml as="section" className="compare" />}
 */
export function KeptHtml({
  as: Tag,
  ...attributes
}: { as: 'section' | 'div' | 'footer' | 'nav' } & HTMLAttributes<HTMLElement>) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; it only tells hydration to keep the server's content
  return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
}
