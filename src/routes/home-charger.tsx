import {
  CHARGER_FIELDS,
  type ChargerField,
  HOUSE_TYPES,
  INSTALLATION_WINDOWS,
  validateChargerEnquiry,
} from '../domain/charger/enquiry'
import { isStoreCountry } from '../domain/testdrive/phone'
import { linkTo } from '../i18n/links'
import { randomId } from '../store/ids'
import { ConsentField, ContactFields, ErrorSummary, Field, type FieldErrors } from '../ui/form'
import { FormBesideCar, type ModelPicture } from '../ui/form-car/FormBesideCar'
import { useT } from '../ui/intl-context'
import { zipInputMode } from '../ui/PersonalFields'
import { ChooseCountry, SelectField } from '../ui/programs'
import { ShellPage } from '../ui/ShellPage'
import { useSiteContext } from '../ui/site-context'
import { problemErrors } from './form-errors'
import { modelPicture } from './helpers/form-car'
import { loadRequestStatus, RequestStatusCard, type RequestStatusView } from './program-request'
import { type ActionContext, defineRoute, found, type LoadContext } from './route'

interface ChargerData {
  idempotencyKey: string
  /** False on the global site: it shows where to go instead of the form. */
  canEnquire: boolean
  values: Partial<Record<ChargerField, string>>
  errors: FieldErrors
  /** The P5 beside the form on a desktop. */
  picture: ModelPicture | null
}

const IDEMPOTENCY_KEY = /^[\w-]{12,64}$/

async function loadCharger(ctx: LoadContext): Promise<ChargerData> {
  const user = ctx.session.user
  return {
    idempotencyKey: randomId(),
    canEnquire: isStoreCountry(ctx.site.countryCode),
    values: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' },
    errors: {},
    picture: await modelPicture(ctx, 'rear', 'graphite-grey'),
  }
}

function ChargerPage({ data }: { data: ChargerData }) {
  const t = useT()
  const { site } = useSiteContext()
  if (!data.canEnquire) {
    return (
      <ShellPage heading="charger.heading" lead="charger.lead">
        <ChooseCountry path="/home-charger" heading="charger.global.heading" body="charger.global.body" />
      </ShellPage>
    )
  }
  return (
    <ShellPage heading="charger.heading" lead="charger.lead">
      <FormBesideCar picture={data.picture}>
        <form className="form card" method="post" noValidate aria-label={t('charger.submit')}>
          <ErrorSummary form="charger" errors={data.errors} ids={{ privacyAccepted: 'charger-privacy' }} />
          <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
          <ContactFields form="charger" values={data.values} errors={data.errors} phoneRequired />
          <fieldset className="field">
            <legend>{t('charger.label.address')}</legend>
            <Field
              form="charger"
              name="street"
              label="charger.label.street"
              value={data.values.street}
              autoComplete="address-line1"
              required
              errors={data.errors}
            />
            <Field
              form="charger"
              name="zip"
              inputMode={zipInputMode(site.countryCode)}
              label="charger.label.zip"
              value={data.values.zip}
              autoComplete="postal-code"
              required
              errors={data.errors}
            />
            <Field
              form="charger"
              name="city"
              label="charger.label.city"
              value={data.values.city}
              autoComplete="address-level2"
              required
              errors={data.errors}
            />
          </fieldset>
          <SelectField
            form="charger"
            name="houseType"
            label="charger.label.houseType"
            placeholder="charger.choose"
            value={data.values.houseType}
            errors={data.errors}
            options={HOUSE_TYPES.map((type) => ({ value: type, label: t(`charger.houseType.${type}`) }))}
          />
          <SelectField
            form="charger"
            name="installationWindow"
            label="charger.label.installationWindow"
            placeholder="charger.choose"
            value={data.values.installationWindow}
            errors={data.errors}
            options={INSTALLATION_WINDOWS.map((w) => ({ value: w, label: t(`charger.window.${w}`) }))}
          />
          <ConsentField
            id="charger-privacy"
            name="privacyAccepted"
            label="charger.label.privacy"
            errors={data.errors}
            link={{ href: linkTo(site, '/policy'), label: 'testDrive.privacyLink' }}
            checked={data.values.privacyAccepted === 'yes'}
          />
          <button className="button button--primary" type="submit">
            {t('charger.submit')}
          </button>
        </form>
      </FormBesideCar>
    </ShellPage>
  )
}

async function sendEnquiry(ctx: ActionContext) {
  const data = await loadCharger(ctx)
  const country = ctx.site.countryCode
  if (!isStoreCountry(country)) return { status: 400 as const, data }
  if (IDEMPOTENCY_KEY.test(ctx.form.idempotencyKey ?? '')) data.idempotencyKey = ctx.form.idempotencyKey as string
  data.values = Object.fromEntries(CHARGER_FIELDS.map((f) => [f, ctx.form[f] ?? '']))
  const { values, problems } = validateChargerEnquiry(ctx.form, country)
  if (!values) {
    problemErrors(problems, data.errors)
    return { status: 422 as const, data }
  }
  const { id, notificationId } = await ctx.store.programs.createChargerEnquiry({
    idempotencyKey: data.idempotencyKey,
    enquiry: values,
    countryCode: country,
    locale: ctx.site.locale,
    ownerId: ctx.session.user?.id ?? null,
    now: new Date(),
  })
  if (notificationId) ctx.notify([notificationId])
  return { redirect: linkTo(ctx.site, `/home-charger/result/${id}`) }
}

/** `/home-charger`: the home-charger enquiry (SPEC §1), confirmed by e-mail. */
export const homeCharger = defineRoute<ChargerData>({
  id: 'homeCharger',
  path: '/home-charger',
  label: null,
  namespaces: [],
  indexable: true,
  load: loadCharger,
  action: sendEnquiry,
  meta: () => ({ title: 'charger.heading', description: 'charger.lead' }),
  Page: ChargerPage,
})

interface ChargerResultData {
  /** The address the confirmation went to: shown to the signed-in customer who made the enquiry only. */
  email: string | null
  request: RequestStatusView
}

function ChargerResultPage({ data }: { data: ChargerResultData }) {
  const t = useT()
  const { site } = useSiteContext()
  return (
    <ShellPage heading="charger.result.heading" lead="charger.result.lead">
      <p role="status">{data.email ? t('charger.result.mail', { email: data.email }) : t('charger.result.mailSent')}</p>
      <RequestStatusCard view={data.request} />
      <a className="button" href={linkTo(site, '/')}>
        {t('charger.result.home')}
      </a>
    </ShellPage>
  )
}

/** `/home-charger/result/{id}`: the enquiry was received (SPEC §2 "request received"), and where it is now. */
export const homeChargerResult = defineRoute<ChargerResultData>({
  id: 'homeChargerResult',
  path: '/home-charger/result/:id',
  // A record of this country's: the other countries' sites have no such page.
  ofOneCountry: true,
  label: null,
  namespaces: [],
  indexable: false,
  load: async (ctx) => {
    const id = ctx.params.id ?? ''
    const enquiry = found(/^[\w-]{12}$/.test(id) ? await ctx.store.programs.findChargerEnquiry(id) : null, 'noRecord')
    const request = await loadRequestStatus(ctx, 'charger')
    return { email: request.own ? enquiry.email : null, request }
  },
  meta: () => ({ title: 'charger.result.heading', description: 'charger.result.lead' }),
  Page: ChargerResultPage,
})
