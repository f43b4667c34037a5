import { CAR_VIEWS, type CarView } from '../car/look'

/** The view a configurator opens with when its address names none. */
export const DEFAULT_CAR_VIEW: CarView = 'front'

/** The view an address asks for (`?view=`); unknown or old values ('exterior') give the default. */
export function carViewOf(value: string | null): CarView {
  return CAR_VIEWS.find((view) => view === value) ?? DEFAULT_CAR_VIEW
}
