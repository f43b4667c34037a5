import { z } from 'zod'

/** A model on sale in a country, as the home page, header and lineups show it. */
export const ModelSummary = z.object({
  code: z.string().regex(/^[a-z0-9-]{1,32}$/),
  name: z.string().min(1),
  /** Best WLTP range of the model's versions, km. */
  rangeKm: z.number().int().positive(),
  batteryKwh: z.number().positive(),
  cargoLitres: z.number().int().positive(),
  sort: z.number().int(),
})
export type ModelSummary = z.infer<typeof ModelSummary>

/** Spec-list ordering (SPEC §3: a numeric sort field orders list items), stable on ties. */
export function bySort<T extends { sort: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sort - b.sort)
}
