import type { MouseEvent, ReactNode } from 'react'
import type { ChoiceField } from '../../../domain/configurator/url'
import type { MessageKey } from '../../../i18n/intl'
import { useT } from '../../intl-context'

/** A step's number in a circle; the headings' order says it to a screen reader already. */
export const StepNumber = ({ number }: { number: number }) => (
  <span className="step__number" aria-hidden="true">
    {number}
  </span>
)

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
  href: string
}

/**
 * A group of steps under one numbered heading (exterior: paint and wheels; options: packs and
 * accessories). Its steps have `h3` headings and no number of their own.
 */
export function StepSection({
  id,
  number,
  title,
  children,
}: {
  id: string
  number: number
  title: MessageKey
  children: ReactNode
}) {
  const t = useT()
  return (
    <section className="step-section" aria-labelledby={`section-${id}`} id={`section-${id}`}>
      <h2 id={`section-${id}`} className="step-section__title">
        <StepNumber number={number} />
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
  number,
  title,
  options,
  multiple = false,
  notes,
  onChoose,
}: {
  field: ChoiceField
  /** Its place among the sections, shown before the title; none for a step inside a `StepSection`. */
  number?: number
  title: MessageKey
  options: StepOption[]
  multiple?: boolean
  /** What the rules changed after a choice in this step, said where the customer is looking. */
  notes?: ReactNode
  onChoose: (field: ChoiceField, code: string) => (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  const t = useT()
  const tiles = options.some((o) => o.swatch || o.picture)
  // A step on its own is a section (h2, numbered); inside a section it is a sub-step (h3).
  const Heading = number === undefined ? 'h3' : 'h2'
  return (
    <section
      className={number === undefined ? 'step step--sub' : 'step step-section'}
      aria-labelledby={`step-${field}`}
      id={`choose-${field}`}
    >
      <Heading id={`step-${field}`} className={number === undefined ? 'step__title' : 'step-section__title'}>
        {number === undefined ? null : <StepNumber number={number} />}
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
