/**
 * The statuses of the two requests that are not orders (SPEC §1): a subscription request and a home-charger
 * enquiry. SPEC gives no rules; our reading:
 *
 * A subscription is an all-inclusive operational lease, so it follows SPEC §4's lease statuses:
 *
 *   requested → poPlaced → allocated → delivered
 *   requested | poPlaced → requestCancelled (by staff, or by the customer who made it)
 *   Once a car is allocated the customer cannot cancel online: "Cancel lease failed: please contact our store."
 *
 * A home-charger enquiry goes to the installer:
 *
 *   received → contacted → installationBooked → installed
 *   received | contacted | installationBooked → closed (declined, or no longer wanted)
 *
 * A test-drive booking is a preferred time the store confirms (SPEC §1: "not guaranteed until then"):
 *
 *   requested → confirmed → completed
 *   requested | confirmed → declined (by the store) | cancelled (by the customer, or the store for them)
 *   A declined or cancelled booking no longer takes its slot.
 */
export const REQUEST_KINDS = ['subscription', 'charger', 'testDrive'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

export const REQUEST_STATUSES = {
  subscription: ['requested', 'poPlaced', 'allocated', 'delivered', 'requestCancelled'],
  charger: ['received', 'contacted', 'installationBooked', 'installed', 'closed'],
  testDrive: ['requested', 'confirmed', 'completed', 'declined', 'cancelled'],
} as const satisfies Record<RequestKind, readonly string[]>

export type SubscriptionStatus = (typeof REQUEST_STATUSES.subscription)[number]
export type ChargerStatus = (typeof REQUEST_STATUSES.charger)[number]
export type TestDriveStatus = (typeof REQUEST_STATUSES.testDrive)[number]
export type RequestStatus = SubscriptionStatus | ChargerStatus | TestDriveStatus

const MOVES: {
  subscription: Record<SubscriptionStatus, SubscriptionStatus[]>
  charger: Record<ChargerStatus, ChargerStatus[]>
  testDrive: Record<TestDriveStatus, TestDriveStatus[]>
} = {
  subscription: {
    requested: ['poPlaced', 'requestCancelled'],
    poPlaced: ['allocated', 'requestCancelled'],
    allocated: ['delivered'],
    delivered: [],
    requestCancelled: [],
  },
  charger: {
    received: ['contacted', 'closed'],
    contacted: ['installationBooked', 'closed'],
    installationBooked: ['installed', 'closed'],
    installed: [],
    closed: [],
  },
  testDrive: {
    requested: ['confirmed', 'declined', 'cancelled'],
    confirmed: ['completed', 'declined', 'cancelled'],
    completed: [],
    declined: [],
    cancelled: [],
  },
}

/** The status a customer's own cancellation moves a request to, where they may cancel it online. */
const CUSTOMER_CANCEL: { [K in RequestKind]: RequestStatus | null } = {
  subscription: 'requestCancelled',
  charger: null,
  testDrive: 'cancelled',
}

/** The status a request is stored with when it arrives. */
export const FIRST_STATUS = {
  subscription: 'requested',
  charger: 'received',
  testDrive: 'requested',
} as const satisfies {
  [K in RequestKind]: RequestStatus
}

/**
 * A kind and status from a form or the database, or null when the kind does not have that status.
 *
 * @example
 * parseRequestStatus('charger', 'contacted') // 'contacted'
 * parseRequestStatus('charger', 'poPlaced') // null
 */
export function parseRequestStatus(kind: RequestKind, value: unknown): RequestStatus | null {
  return (REQUEST_STATUSES[kind] as readonly unknown[]).includes(value) ? (value as RequestStatus) : null
}

/**
 * The statuses staff may move a request to from where it is, in the order a request goes.
 *
 * @example
 * staffMoves('subscription', 'requested') // ['poPlaced', 'requestCancelled']
 */
export function staffMoves(kind: RequestKind, from: RequestStatus): readonly RequestStatus[] {
  const moves = MOVES[kind] as Record<string, readonly RequestStatus[]>
  return moves[from] ?? []
}

/**
 * Where the customer's own cancellation would move a request now, or null when they cannot cancel it online: a
 * subscription before a car is allocated, a test drive before it took place; a charger enquiry is closed by the
 * installer, never online.
 *
 * @example
 * customerCancellation('subscription', 'poPlaced') // 'requestCancelled'
 * customerCancellation('subscription', 'allocated') // null: "Cancel lease failed: please contact our store."
 */
export function customerCancellation(kind: RequestKind, status: RequestStatus): RequestStatus | null {
  const to = CUSTOMER_CANCEL[kind]
  return to && staffMoves(kind, status).includes(to) ? to : null
}

/** Whether a status no longer holds a test drive's slot. */
export function freesSlot(status: RequestStatus): boolean {
  return status === 'declined' || status === 'cancelled'
}

/** Whether no one can move the request any more. */
export function isFinal(kind: RequestKind, status: RequestStatus): boolean {
  return staffMoves(kind, status).length === 0
}

/**
 * The message naming a status, in the customer's and the staff's language.
 *
 * @example
 * requestStatusKey('subscription', 'poPlaced') // 'programs.status.subscription.poPlaced'
 */
export function requestStatusKey(kind: RequestKind, status: RequestStatus): RequestStatusKey {
  // Every kind and status met here went through parseRequestStatus or the move table, so the pair exists.
  return `programs.status.${kind}.${status}` as RequestStatusKey
}

/** The message keys of the statuses, one per kind and status of that kind. */
export type RequestStatusKey = {
  [K in RequestKind]: `programs.status.${K}.${(typeof REQUEST_STATUSES)[K][number]}`
}[RequestKind]
