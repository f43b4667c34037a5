/** What the picture of a car shows: plain data, so any page (garage, cards, e-mail) can build one. */
export interface CarLook {
  /** One colour, or two for a two-tone paint (body, then roof and pillars). */
  paintColours: readonly string[]
  /** Metallic paints get a stronger highlight. */
  paintFinish?: 'solid' | 'metallic' | 'twoTone'
  wheelInches: number
  /** 'aero' closed turbine discs or 'sport' twin spokes. */
  wheelDesign: 'aero' | 'sport'
  /** Seats in the first colour, bolsters and dashboard trim in the second. */
  interiorColours: readonly string[]
  interiorMaterial?: 'textile' | 'leather'
  /** Options that change what is seen (see OPTION_FEATURES in src/ui/configurator/car-look.ts). */
  features?: readonly CarFeature[]
}

export const CAR_FEATURES = [
  'matrixLights',
  'headUpDisplay',
  'heatedSeats',
  'premiumSound',
  'towBar',
  'bikeCarrier',
  'floorMats',
  'winterWheels',
] as const
export type CarFeature = (typeof CAR_FEATURES)[number]

export const CAR_VIEWS = ['front', 'side', 'rear', 'interior', 'wheel'] as const
export type CarView = (typeof CAR_VIEWS)[number]

/** The views each feature can be seen in (the tests hold the renderer to it). */
export const FEATURE_VIEWS: Record<CarFeature, readonly CarView[]> = {
  // The side lamp and the camera under the mirror show from behind too.
  matrixLights: ['front', 'side', 'rear'],
  headUpDisplay: ['interior'],
  heatedSeats: ['interior'],
  premiumSound: ['interior'],
  towBar: ['side', 'rear'],
  bikeCarrier: ['side', 'rear'],
  floorMats: ['interior'],
  winterWheels: ['wheel'],
}
