import { useEffect, useRef, useState } from 'react'
import type { Slot } from '../../domain/testdrive/slots'
import type { MessageKey } from '../../i18n/intl'
import { linkTo } from '../../i18n/links'
import { formatSlot, formatWeekdayDate } from '../../i18n/weekday-dates'
import { useApiPost } from '../api-context'
import { ConsentField, ContactFields, ErrorSummary, type FieldErrors, FormMessage } from '../form'
import { type FormCar, FormWithCar } from '../form-car/FormWithCar'
import { useT } from '../intl-context'
import { ChooseCountry } from '../programs'
import { ShellPage } from '../ShellPage'
import { useSiteContext } from '../site-context'

export interface StoreOption {
  id: string
  name: string
  city: string
  address: string
}

export interface TestDriveData {
  /** One booking per form: a double click or a retry sends the same key. */
  idempotencyKey: string
  stores: StoreOption[]
  storeId: string
  models: { code: string; name: string }[]
  modelCode: string
  slots: Slot[]
  values: { name: string; email: string; phone: string; slotStart: string; privacyAccepted?: string }
  errors: FieldErrors
  message: MessageKey | null
  /** Set when booking from a saved configuration. */
  configurationId: string | null
  /** The address names the model (`/test-drive/p5`): the page is that model's, with a title of its own. */
  modelInAddress?: boolean
  /** The build the address carries (the configurator's query of the car), kept by the header's links; or null. */
  buildQuery?: string | null
  /** The car to drive (the configured one, or the model as the configurator opens it) and its price. */
  car?: FormCar | null
}

/**
 * A slot names its free cars only when this few or fewer are left: the closed list shows the chosen option alone,
 * and its weekday, date and time must fit a phone's width before a count that rarely matters.
 */
const FEW_CARS_LEFT = 2

/** The controls the error summary links to, where their id is not `test-drive-<field>`. */
const SUMMARY_IDS = {
  storeId: 'store-select',
  modelCode: 'model-select',
  slotStart: 'slot-select',
  privacyAccepted: 'test-drive-privacy',
}

/**
 * Test-drive booking (SPEC §2): model, store (or the nearest one), preferred slot, contact,
 * privacy consent, and the note that the slot is not guaranteed. Every part works without
 * JavaScript; with it, "use my location" picks the nearest store.
 */
export function TestDrivePage({ data }: { data: TestDriveData }) {
  const t = useT()
  const { site } = useSiteContext()

  // The global site has no stores: it sends the visitor to a country's booking instead of an empty form.
  if (site.countryCode === 'GLOBAL') {
    return (
      <ShellPage heading="page.testDrive.heading" lead="page.testDrive.lead" values={{ model: 'P5' }}>
        <ChooseCountry path="/test-drive" heading="testDrive.global.heading" body="testDrive.global.body" />
      </ShellPage>
    )
  }

  return (
    <ShellPage
      heading="page.testDrive.heading"
      lead="page.testDrive.lead"
      values={{ model: data.models.find((m) => m.code === data.modelCode)?.name ?? 'P5' }}
    >
      <FormWithCar car={data.car}>
        <StoreChooser data={data} />

        <form className="form card" method="post" noValidate aria-label={t('testDrive.submit')}>
          {data.message ? <FormMessage kind="error">{t(data.message)}</FormMessage> : null}
          <ErrorSummary form="test-drive" errors={data.errors} ids={SUMMARY_IDS} />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <input type="hidden" name="storeId" value={data.storeId} />
          <div className="field">
            <label htmlFor="model-select">{t('testDrive.label.model')}</label>
            <select id="model-select" name="modelCode" defaultValue={data.modelCode}>
              {data.models.map((model) => (
                <option key={model.code} value={model.code}>
                  {model.name}
                </option>
              ))}
            </select>
          </div>
          <SlotField data={data} />
          <ContactFields form="test-drive" values={data.values} errors={data.errors} phoneRequired />
          <ConsentField
            id="test-drive-privacy"
            name="privacyAccepted"
            label="testDrive.label.privacy"
            errors={data.errors}
            link={{ href: linkTo(site, '/policy'), label: 'testDrive.privacyLink' }}
            checked={data.values.privacyAccepted === 'yes'}
          />
          <button className="button button--primary" type="submit" disabled={data.slots.length === 0}>
            {t('testDrive.submit')}
          </button>
        </form>
      </FormWithCar>
    </ShellPage>
  )
}

/**
 * The store to book at, sent as a GET form so its times show without JavaScript; with it, "use my location" picks the
 * nearest store.
 */
function StoreChooser({ data }: { data: TestDriveData }) {
  const t = useT()
  const { site } = useSiteContext()
  const post = useApiPost()
  const storeForm = useRef<HTMLFormElement>(null)
  const [locating, setLocating] = useState<'idle' | 'busy' | 'failed'>('idle')
  const [canLocate, setCanLocate] = useState(false)
  useEffect(() => setCanLocate(typeof navigator !== 'undefined' && 'geolocation' in navigator), [])

  const locate = () => {
    if (!post) return
    setLocating('busy')
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const res = await post('/api/v1/stores/nearest', {
            site: site.prefix,
            lat: position.coords.latitude,
            lon: position.coords.longitude,
          })
          const body = (await res.json()) as { stores?: { id: string }[] }
          const nearest = body.stores?.[0]?.id
          if (!res.ok || !nearest || !storeForm.current) throw new Error('no store')
          // The DOM and workerd typings disagree on Element; this runs only in the browser.
          const select = storeForm.current.querySelector('select[name="store"]') as unknown as HTMLSelectElement | null
          if (!select) throw new Error('no store list')
          select.value = nearest
          storeForm.current.requestSubmit()
        } catch {
          setLocating('failed')
        }
      },
      () => setLocating('failed'),
      { timeout: 10_000 },
    )
  }

  return (
    <form ref={storeForm} className="form card" method="get" aria-label={t('testDrive.label.store')}>
      {data.configurationId ? null : <input type="hidden" name="model" value={data.modelCode} />}
      <div className="field">
        <label htmlFor="store-select">{t('testDrive.label.store')}</label>
        <select
          id="store-select"
          name="store"
          defaultValue={data.storeId}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          {data.stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.city} – {store.name}
            </option>
          ))}
        </select>
        <p className="field__hint">{data.stores.find((s) => s.id === data.storeId)?.address}</p>
      </div>
      <div className="form-actions">
        <button className="button" type="submit">
          {t('testDrive.showTimes')}
        </button>
        {canLocate ? (
          <button className="button" type="button" onClick={locate} disabled={locating === 'busy'}>
            {t('testDrive.useLocation')}
          </button>
        ) : null}
      </div>
      {locating === 'failed' ? <FormMessage kind="error">{t('testDrive.error.nearestStore')}</FormMessage> : null}
    </form>
  )
}

/** The day and time to come, grouped by day; a slot with few cars left says how many. */
function SlotField({ data }: { data: TestDriveData }) {
  const t = useT()
  const { site } = useSiteContext()
  const byDate = new Map<string, Slot[]>()
  for (const slot of data.slots) {
    const day = byDate.get(slot.localDate)
    if (day) day.push(slot)
    else byDate.set(slot.localDate, [slot])
  }
  // Two weeks of slots have only a few distinct counts of free cars: each count's words are formatted once.
  const availableLabels = new Map<number, string>()
  const availableLabel = (count: number) => {
    let label = availableLabels.get(count)
    if (label === undefined) {
      label = t('testDrive.slot.available', { count })
      availableLabels.set(count, label)
    }
    return label
  }
  const slotError = data.errors.slotStart
  return (
    <div className="field">
      <label htmlFor="slot-select">{t('testDrive.label.slot')}</label>
      {data.slots.length === 0 ? (
        <p>{t('testDrive.noSlots')}</p>
      ) : (
        <select
          id="slot-select"
          name="slotStart"
          defaultValue={data.values.slotStart}
          aria-invalid={slotError ? 'true' : undefined}
          aria-describedby={slotError ? 'slot-error' : 'slot-note'}
        >
          {[...byDate].map(([date, slots]) => (
            <optgroup key={date} label={formatWeekdayDate(date, site.locale)}>
              {slots.map((slot) => (
                // The closed list shows the chosen option alone: its text names the day in full.
                <option key={slot.start} value={slot.start}>
                  {slot.available <= FEW_CARS_LEFT
                    ? `${formatSlot(slot.localDate, slot.localTime, site.locale)} · ${availableLabel(slot.available)}`
                    : formatSlot(slot.localDate, slot.localTime, site.locale)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
      {slotError ? (
        <p id="slot-error" className="field__error">
          {t(slotError.key, slotError.label ? { label: t(slotError.label) } : undefined)}
        </p>
      ) : null}
      <p id="slot-note" className="field__hint">
        {t('testDrive.note.notGuaranteed')}
      </p>
    </div>
  )
}
