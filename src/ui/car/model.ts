/**
 * The P5 as a few measured lines in metres, and a camera that projects them. x runs from the front
 * bumper (0) to the rear (4.45), y up from the ground, z across (the near side is +z). The body is
 * its side profile swept across the width, narrower at the ends (plan view) and toward the roof
 * (tumblehome), which is enough for believable side and three-quarter views.
 */
export type P3 = readonly [number, number, number]
export type P2 = readonly [number, number]

export const LENGTH = 4.45
export const FRONT_AXLE = 0.93
export const REAR_AXLE = 3.7
export const TYRE_RADIUS = 0.37
export const TRACK = 0.8

const arch = (cx: number, from: number, to: number): P2[] => {
  const r = 0.43
  const points: P2[] = []
  for (let i = 0; i <= 10; i++) {
    const a = ((from + ((to - from) * i) / 10) * Math.PI) / 180
    points.push([cx + r * Math.cos(a), TYRE_RADIUS + r * Math.sin(a)])
  }
  return points
}

/** Front and top of the silhouette, nose bottom to rear bumper bottom (indices below name the parts). */
export const TOP: readonly P2[] = [
  [0.14, 0.3], // 0 front bumper bottom
  [0.04, 0.38],
  [0.0, 0.5],
  [0.03, 0.64],
  [0.12, 0.74], // 4 bonnet leading edge
  [0.38, 0.82],
  [0.8, 0.9],
  [1.2, 0.97], // 7 windscreen base
  [1.52, 1.2],
  [1.88, 1.45],
  [2.16, 1.56], // 10 roof front
  [2.7, 1.6],
  [3.3, 1.59],
  [3.72, 1.54], // 13 roof rear, spoiler
  [3.9, 1.5],
  [4.1, 1.28], // 15 rear window bottom
  [4.3, 1.08],
  [4.4, 0.92],
  [4.45, 0.72],
  [4.44, 0.5],
  [4.36, 0.3], // 20 rear bumper bottom
]
export const PART = {
  front: [0, 4],
  bonnet: [4, 7],
  windscreen: [7, 10],
  roof: [10, 13],
  rearWindow: [13, 15],
  tail: [15, 20],
} as const

/** The bottom edge with the wheel arches, rear to front. */
export const BOTTOM: readonly P2[] = [
  [4.14, 0.3],
  ...arch(REAR_AXLE, -8, 188),
  [3.2, 0.25],
  [1.4, 0.25],
  ...arch(FRONT_AXLE, -8, 188),
]

/** Side windows (daylight opening), front lower corner first. */
export const WINDOWS: readonly P2[] = [
  [1.3, 1.03],
  [1.88, 1.43],
  [2.15, 1.53],
  [3.25, 1.55],
  [3.62, 1.5],
  [3.93, 1.27],
  [4.02, 1.12],
  [3.9, 1.09],
]
/** Half-width of the body at a point of the profile: rounded in plan at the ends, narrower above the belt. */
export function halfWidth(x: number, y: number): number {
  const body = 0.92
  const front = x < 0.7 ? 0.72 + 0.28 * Math.sin((x / 0.7) * (Math.PI / 2)) : 1
  const rear = x > 3.9 ? 0.84 + 0.16 * Math.cos(((x - 3.9) / 0.55) * (Math.PI / 2)) : 1
  const greenhouse = y > 1.0 ? 1 - 0.36 * Math.min(1, (y - 1.0) / 0.6) : 1
  return body * Math.min(front, rear) * greenhouse
}

export const near = ([x, y]: P2, inset = 0): P3 => [x, y, halfWidth(x, y) - inset]
export const far = ([x, y]: P2, inset = 0): P3 => [x, y, -(halfWidth(x, y) - inset)]

export interface Camera {
  /** Degrees from straight ahead toward the near side: 0 front, 90 side, 180 rear. */
  azimuth: number
  height: number
  distance: number
}

export interface Projector {
  (p: P3): P2
  depth: (p: P3) => number
  /** Whether a surface with this outward normal faces the camera. */
  faces: (at: P3, normal: P3) => boolean
  eye: P3
}

const sub = (a: P3, b: P3): P3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const dot = (a: P3, b: P3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: P3, b: P3): P3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const unit = (a: P3): P3 => {
  const l = Math.hypot(...a) || 1
  return [a[0] / l, a[1] / l, a[2] / l]
}

/** A perspective camera around the car's centre (unscaled: fitInto() maps it into the picture). */
export function camera({ azimuth, height, distance }: Camera): Projector {
  const a = (azimuth * Math.PI) / 180
  const target: P3 = [LENGTH / 2, 0.65, 0]
  const eye: P3 = [target[0] - distance * Math.cos(a), height, distance * Math.sin(a)]
  const forward = unit(sub(target, eye))
  const right = unit(cross(forward, [0, 1, 0]))
  const up = cross(right, forward)
  const project = ((p: P3): P2 => {
    const d = sub(p, eye)
    const z = dot(d, forward)
    return [dot(d, right) / z, -dot(d, up) / z]
  }) as Projector
  project.depth = (p) => dot(sub(p, eye), forward)
  project.faces = (at, normal) => dot(normal, sub(eye, at)) > 0
  project.eye = eye
  return project
}

/** Maps projected points into a box of the picture: scale and offset. */
export function fitInto(points: readonly P2[], box: { x: number; y: number; width: number; height: number }) {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const scale = Math.min(box.width / (maxX - minX), box.height / (maxY - minY))
  const dx = box.x + (box.width - (maxX - minX) * scale) / 2 - minX * scale
  const dy = box.y + box.height - maxY * scale
  return ([x, y]: P2): P2 => [x * scale + dx, y * scale + dy]
}

const r1 = (n: number) => Math.round(n)

/** An SVG path through points (closed unless told otherwise). */
export function path(points: readonly P2[], close = true): string {
  return `M${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L')}${close ? 'Z' : ''}`
}

/** Points of a circle of radius r around c in the plane x–y at depth z (a wheel face). */
export function circle3(c: P3, r: number, n = 28): P3[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2
    return [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a), c[2]] as P3
  })
}
