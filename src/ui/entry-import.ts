/** Client entries loaded after hydration by their fixed address (vite.config.ts, `input`). */
export type LaterEntry = 'car' | 'studio' | 'crash'

/**
 * Imports a fixed-name entry of the client build by its address, so nothing of it (not even a preload helper)
 * joins a page's first JavaScript: code a page needs only once it is running (drawing a new view of the car, the
 * stage's swipe and arrow keys, the finance panel's requester, the crash page) arrives after hydration.
 *
 * @example
 * const { drawCar } = await importLater<typeof import('./car/draw')>('car')
 */
export function importLater<Module>(entry: LaterEntry): Promise<Module> {
  const src = import.meta.env.PROD
    ? `/assets/${entry}.js?v=${import.meta.env.VITE_BUILD_ID ?? 'dev'}`
    : `/src/client/entries/${entry}.ts`
  return import(/* @vite-ignore */ src) as Promise<Module>
}
