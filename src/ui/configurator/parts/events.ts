import type { KeyboardEvent, MouseEvent } from 'react'

/** A plain left click: anything else (a new tab, a new window) is left to the browser and the link. */
export const isPlainClick = (event: MouseEvent<HTMLElement>) =>
  !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)

/**
 * A choice is a link (so it works without JavaScript), but it behaves like a radio button: Space selects it,
 * as it would a radio, instead of scrolling the page.
 */
export function selectWithSpace(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey) return
  const target = event.target as HTMLElement
  if (target.tagName !== 'A' || !target.closest('.choices, .segmented')) return
  event.preventDefault()
  target.click()
}
