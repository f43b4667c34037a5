import type { MouseEvent, ReactNode } from 'react'
import type { ChoiceField } from '../../../domain/configurator/url'
import type { MessageKey } from '../../../i18n/intl'
import { useT } from '../../intl-context'

export interface StepOption {
  code: string
  name: string
  /** The price line of the card, already on the page's basis and formatted. */
  price: string
  selected: boolean
  /** Included with the version: shown, not chosen. */
  standard?: boolean
  /** Colours of a paint or an interior, drawn as a large swatch. */
  swatch?: readonly string[]
  /** A picture of the choice (a wheel), as an image address. */
  picture?: string
  detail?: string
  /** What choosing it also adds (a pack it needs) and what that costs, said before it is chosen. */
  needs?: string
  href: string
}

/**
 * A section of the configurator (heading `step-{id}`): one step of its own (version,
 * interior, buying as) or a group of steps with `h3` headings (exterior: paint and wheels; options: packs
 * and accessories). The stylesheet numbers the sections in their order (a CSS counter in a circle, hidden
 * from screen readers: the headings' order says it), so the numbers cost no script and never skip.
 */
export function StepSection({ id, title, children }: { id: string; title: MessageKey; children: ReactNode }) {
  const t = useT()
  return (
    <section className="step step-section" aria-labelledby={`step-${id}`}>
      <h2 id={`step-${id}`} className="step__title">
        {t(title)}
      </h2>
      {children}
    </section>
  )
}

/**
 * One step of the configurator: its choices as links that work without JavaScript and behave like
 * radio buttons (or checkboxes, `multiple`) with it. Paints, wheels and interiors are large tiles
 * with their colour or picture; the current choice has an accent border, a check mark and the word
 * "Selected", never colour alone.
 */
export function ChoiceStep({
  field,
  grouped = false,
  title,
  options,
  multiple = false,
  notes,
  onChoose,
}: {
  field: ChoiceField
  /** Inside a `StepSection` (an `h3`); otherwise the step is a section of its own. */
  grouped?: boolean
  title: MessageKey
  options: StepOption[]
  multiple?: boolean
  /** What the rules changed after a choice in this step, said where the customer is looking. */
  notes?: ReactNode
  onChoose: (field: ChoiceField, code: string) => (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  const t = useT()
  const tiles = options.some((o) => o.swatch || o.picture)
  // A step on its own is a section (h2, numbered by the stylesheet); inside a section it is a sub-step (h3).
  const Heading = grouped ? 'h3' : 'h2'
  return (
    <section
      className={grouped ? 'step' : 'step step-section'}
      aria-labelledby={`step-${field}`}
      id={`choose-${field}`}
    >
      <Heading id={`step-${field}`} className="step__title">
        {t(title)}
      </Heading>
      {notes}
      <ul className={`choices${tiles ? ' choices--tiles' : ''}`}>
        {options.map((option) => (
          <li key={option.code}>
            {option.standard ? (
              <span className="choice choice--standard" aria-disabled="true">
                <span className="choice__name">{option.name}</span>
                <span className="choice__price">{t('configurator.standard')}</span>
              </span>
            ) : (
              <a
                className={`choice${tiles ? ' choice--tile' : ''}`}
                href={option.href}
                aria-current={option.selected ? 'true' : undefined}
                rel="nofollow"
                onClick={onChoose(field, option.code)}
              >
                {option.swatch ? (
                  <span className="choice__swatch" aria-hidden="true">
                    {option.swatch.map((colour) => (
                      <svg key={colour} viewBox="0 0 10 10" focusable="false" aria-hidden="true">
                        <rect width="10" height="10" fill={colour} />
                      </svg>
                    ))}
                  </span>
                ) : option.picture ? (
                  <img
                    className="choice__picture"
                    src={option.picture}
                    alt=""
                    width="120"
                    height="120"
                    loading="lazy"
                  />
                ) : null}
                <span className="choice__name">{option.name}</span>
                {option.detail ? <span className="choice__detail">{option.detail}</span> : null}
                <span className="choice__price">{option.price}</span>
                {option.needs ? <span className="choice__needs">{option.needs}</span> : null}
                <span className="choice__state">
                  {option.selected ? t(multiple ? 'configurator.added' : 'configurator.selected') : ''}
                </span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
