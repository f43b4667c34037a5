import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { CAR_VIEWS, type CarLook, CarPicture, type CarView } from '../../car'
import { importLater } from '../../entry-import'
import { useT } from '../../intl-context'
import { isPlainClick } from './events'

/**
 * The car on its stage with the views under it. The views are links (`?view=`), so they work without
 * JavaScript; with it a view changes in place by a tap and, once the page has hydrated and the stage's
 * gestures have arrived (stage-gestures.ts, outside the first JavaScript), by the arrow keys in the view
 * switcher or by swiping the picture sideways. The picture keeps its box, so no view moves the layout.
 */
export function CarStage({
  look,
  view,
  label,
  hrefFor,
  onView,
}: {
  look: CarLook
  view: CarView
  label: string
  hrefFor: (view: CarView) => string
  onView: (view: CarView) => void
}) {
  const t = useT()
  const nav = useRef<HTMLElement>(null)
  const picture = useRef<HTMLDivElement>(null)
  const [gestures, setGestures] = useState(false)

  const show = (next: CarView, focus: boolean) => {
    onView(next)
    if (focus) nav.current?.querySelector<HTMLElement>(`a[data-view="${next}"]`)?.focus()
  }
  // The gestures read the latest view and handler of each render.
  const latest = useRef({ view, show })
  latest.current = { view, show }
  useEffect(() => {
    let detach: (() => void) | undefined
    let gone = false
    importLater<typeof import('./stage-gestures')>('studio')
      .then(({ attachStageGestures }) => {
        if (gone || !picture.current || !nav.current) return
        detach = attachStageGestures(picture.current, nav.current, {
          views: CAR_VIEWS,
          current: () => latest.current.view,
          show: (next, focus) => latest.current.show(next, focus),
        })
        setGestures(true)
      })
      .catch(() => {
        // Offline: the view links still change the view.
      })
    return () => {
      gone = true
      detach?.()
    }
  }, [])
  const onClick = (next: CarView) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    show(next, false)
  }

  return (
    <div className="configurator__stage" data-view={view} data-gestures={gestures ? 'on' : undefined}>
      {/* Swiping is a shortcut: the view links below do the same for everyone. */}
      <div ref={picture} className="configurator__picture">
        <CarPicture look={look} view={view} label={label} live />
      </div>
      <nav ref={nav} className="segmented car-views" aria-label={t('configurator.view.label')}>
        {CAR_VIEWS.map((each) => (
          <a
            key={each}
            data-view={each}
            href={hrefFor(each)}
            aria-current={view === each ? 'true' : undefined}
            rel="nofollow"
            onClick={onClick(each)}
          >
            {t(`configurator.view.${each}`)}
          </a>
        ))}
      </nav>
    </div>
  )
}
