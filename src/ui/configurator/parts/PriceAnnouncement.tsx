import { useEffect, useRef, useState } from 'react'

/** How long the figures must stay unchanged before they are announced: the finance figures follow the price. */
const ANNOUNCE_AFTER_MS = 1200

/**
 * Says a changed price once, with the new figures: the total changes at once and the monthly payment a
 * moment later (from the finance API), so the announcement waits until both have settled. Nothing is said
 * on load.
 */
export function PriceAnnouncement({ text }: { text: string }) {
  const [said, setSaid] = useState('')
  const loaded = useRef(false)
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true
      return
    }
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  )
}
