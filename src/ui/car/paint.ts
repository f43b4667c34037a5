import type { CarFeature, CarLook } from './look'

/** Whether the car carries a feature. */
export const has = (look: CarLook, feature: CarFeature): boolean => look.features?.includes(feature) ?? false

/** #rrggbb mixed toward another colour by `amount` (0..1). */
export function mix(colour: string, toward: string, amount: number): string {
  const parse = (hex: string) => {
    const h = hex.replace('#', '')
    const full =
      h.length === 3
        ? h
            .split('')
            .map((c) => c + c)
            .join('')
        : h.padEnd(6, '0')
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0)
  }
  const a = parse(colour)
  const b = parse(toward)
  return `#${a
    .map((v, i) =>
      Math.round(v + ((b[i] ?? 0) - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Relative luminance 0..1 of #rrggbb. */
export function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = (Number.parseInt(colour.replace('#', '').slice(i - 1, i + 1), 16) || 0) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}
