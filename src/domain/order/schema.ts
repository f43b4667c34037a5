/**
 * Schemas of the order domain: the shapes of request bodies (the rules themselves live in personal.ts and
 * consents.ts, which answer with field problems) and of a stored order and its events. The only module of this
 * folder that imports zod; the logic modules import only types from here, so the browser bundle never pulls it in.
 */
import { z } from 'zod'
import { IsoDate, UsageSchema } from '../catalog/markets-schema'
import { CurrencySchema } from '../catalog/schema'
import { FINANCE_KINDS } from '../finance/products'
import { ChosenFinanceSchema } from '../finance/schema'
import type { Money } from '../money'
import { CONSENT_TEXT_KEYS, CONSENTS, type ConsentRecord } from './consents'
import { WINDOW_STEPS } from './delivery-window'
import { isIsoInstant } from './instant'
import { ORDER_KINDS, type Order, parseOrderNumber } from './order'
import { PAYMENT_STATES } from './payment'
import { type NormalisedPersonal, PERSONAL_FIELDS } from './personal'
import { ACTORS, LEASE_STATUSES, ORDER_EVENTS, type OrderEvent, type OrderStatus, PURCHASE_STATUSES } from './state'

const ORDER_COUNTRIES = ['NO', 'SE', 'DK', 'NL', 'DE', 'FR', 'BE', 'TH', 'IS', 'LU', 'AT'] as const

/**
 * An instant as `toISOString` writes it.
 *
 * @example
 * IsoInstantSchema.parse('2026-03-01T09:30:00.000Z')
 */
export const IsoInstantSchema = z
  .string()
  .refine(isIsoInstant, { message: 'an ISO instant like 2026-03-01T09:30:00.000Z' })

/**
 * The personal form as posted: every field an optional string of reasonable size; `validatePersonal` judges them.
 *
 * @example
 * PersonalFormBody.parse({ firstName: 'Kari', lastName: 'Nordmann' })
 */
export const PersonalFormBody = z.strictObject(
  Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, z.string().max(500).nullish()])) as Record<
    (typeof PERSONAL_FIELDS)[number],
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
)

/**
 * The ticked consent checkboxes as posted; `checkConsents` decides which are required.
 *
 * @example
 * ConsentFlagsBody.parse({ terms: true, marketing: false })
 */
export const ConsentFlagsBody = z.partialRecord(z.enum(CONSENTS), z.boolean().nullable())

/**
 * A customer's action on an order from the order-detail screen.
 *
 * @example
 * CustomerActionBody.parse({ event: 'withdrawRefund' })
 */
export const CustomerActionBody = z.strictObject({
  event: z.enum(['requestCancellation', 'requestRefund', 'withdrawRefund']),
})

/**
 * A back-office or integration event on an order (the actor comes from the authenticated caller, not the body).
 *
 * @example
 * OrderEventBody.parse({ event: 'allocate' })
 */
export const OrderEventBody = z.strictObject({ event: z.enum(ORDER_EVENTS as [string, ...string[]]) })

const MoneySchema: z.ZodType<Money> = z.strictObject({ amount: z.int(), currency: CurrencySchema })
const StatusSchema = z.enum([...new Set<OrderStatus>([...PURCHASE_STATUSES, ...LEASE_STATUSES])] as [
  OrderStatus,
  ...OrderStatus[],
])
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable()

const NormalisedPersonalSchema: z.ZodType<NormalisedPersonal> = z.strictObject({
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  country: z.enum(ORDER_COUNTRIES),
  zip: z.string().min(1),
  city: z.string().min(1),
  street: z.string().min(1),
  apartment: nullable(z.string()),
  email: z.string().min(3),
  phone: z.string().regex(/^\+\d{6,15}$/),
  usage: UsageSchema,
  companyName: nullable(z.string()),
  companyNumber: nullable(z.string()),
  companyAddress: nullable(z.string()),
  birthday: nullable(IsoDate),
  financeId: nullable(z.string()),
})

/** The contact of an order whose customer's personal data was erased (`anonymisedContact`, domain/privacy). */
const ErasedPersonalSchema: z.ZodType<NormalisedPersonal> = z.strictObject({
  firstName: z.literal(''),
  lastName: z.literal(''),
  country: z.enum(ORDER_COUNTRIES),
  zip: z.literal(''),
  city: z.literal(''),
  street: z.literal(''),
  apartment: z.null(),
  email: z.literal(''),
  phone: z.literal(''),
  usage: UsageSchema,
  companyName: z.null(),
  companyNumber: z.null(),
  companyAddress: z.null(),
  birthday: z.null(),
  financeId: z.null(),
})

const ConsentRecordSchema: z.ZodType<ConsentRecord> = z.strictObject({
  consent: z.enum(CONSENTS),
  textKey: z.enum(Object.values(CONSENT_TEXT_KEYS) as [ConsentRecord['textKey'], ...ConsentRecord['textKey'][]]),
  textVersion: z.string().min(1),
  acceptedAt: IsoInstantSchema,
})

/**
 * An order as stored (JSON column); the type is `Order` of order.ts.
 *
 * @example
 * const order = OrderSchema.parse(JSON.parse(row.data))
 */
export const OrderSchema: z.ZodType<Order> = z.strictObject({
  kind: z.enum(ORDER_KINDS),
  flow: z.enum(['purchase', 'lease']),
  country: z.enum(ORDER_COUNTRIES),
  orderNumber: nullable(z.string().regex(/^NV-[A-Z]{2}-[0-9A-Z]{6}$/)),
  orderDate: nullable(IsoInstantSchema),
  reservationNumber: nullable(z.string().regex(/^RS-[A-Z]{2}-[0-9A-Z]{6}$/)),
  reservationDate: nullable(IsoInstantSchema),
  contact: z.union([NormalisedPersonalSchema, ErasedPersonalSchema]),
  storeId: nullable(z.string()),
  financePreference: nullable(z.enum(FINANCE_KINDS)),
  financeOption: nullable(z.string()),
  vehiclePrice: MoneySchema,
  amounts: z.strictObject({
    totalInclVat: MoneySchema,
    depositAmount: nullable(MoneySchema),
    reservationFee: nullable(MoneySchema),
    dueToday: MoneySchema,
    paidFee: MoneySchema,
    pendingPaymentFee: MoneySchema,
    balance: MoneySchema,
  }),
  incentives: z.array(z.string()),
  consents: z.array(ConsentRecordSchema),
  status: StatusSchema,
  payment: z.enum(PAYMENT_STATES),
  resumeStatus: nullable(StatusSchema),
  dates: z.partialRecord(StatusSchema, IsoInstantSchema),
  updatedAt: IsoInstantSchema,
  // Added after orders were first stored: absent in orders of before, and for cash or without a trade-in.
  finance: ChosenFinanceSchema.optional(),
  tradeIn: z
    .strictObject({
      valuationId: z.string().max(64),
      car: z.string().max(200),
      estimate: MoneySchema,
      credit: z.int().min(0),
      validUntil: IsoDate,
    })
    .optional(),
  delivery: z
    .strictObject({
      from: IsoDate,
      to: IsoDate,
      step: z.enum(['placed', ...WINDOW_STEPS]),
      estimatedOn: IsoDate,
    })
    .optional(),
  priceProtection: z
    .strictObject({
      placedTotal: z.int().min(0),
      changes: z
        .array(
          z.strictObject({
            on: IsoDate,
            from: z.int().min(0),
            to: z.int().min(0),
            monthlyFrom: z.int().min(0).optional(),
            monthlyTo: z.int().min(0).optional(),
          }),
        )
        .max(100),
    })
    .optional(),
})

/**
 * One audit-log entry of an order.
 *
 * @example
 * OrderEventSchema.parse({ type: 'allocate', at: '2026-03-05T08:00:00.000Z', actor: 'system',
 *   from: 'contractSigned', to: 'allocated' })
 */
export const OrderEventSchema: z.ZodType<OrderEvent> = z.strictObject({
  type: z.enum(ORDER_EVENTS as [OrderEvent['type'], ...OrderEvent['type'][]]),
  at: IsoInstantSchema,
  actor: z.enum(ACTORS),
  from: StatusSchema,
  to: StatusSchema,
})

/**
 * "Find my order": an order or reservation number as printed (any case) and the address it was placed with. The
 * messages are the field problems of domain/account/forms.ts (`required`, `invalid`).
 *
 * @example
 * FindOrderForm.parse({ number: 'nv-de-1n7d3f', email: 'anna@example.com' }).number // 'NV-DE-1N7D3F'
 */
export const FindOrderForm = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'required')
    .max(20, 'invalid')
    .refine((value) => parseOrderNumber(value) !== null, 'invalid')
    .transform((value) => value.toUpperCase()),
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(254, 'invalid')
    .pipe(z.email({ message: 'invalid' })),
})
