/** @jsxImportSource ./svgx */
import type { CarLook } from './look'
import {
  BOTTOM,
  camera,
  circle3,
  FRONT_AXLE,
  far,
  fitInto,
  halfWidth,
  near,
  type P2,
  type P3,
  PART,
  path,
  REAR_AXLE,
  TOP,
  TRACK,
  TYRE_RADIUS,
  WINDOWS,
} from './model'
import { has, luminance, mix } from './paint'

/** The door seams on the side, front to rear, in side-profile metres (x along the car, y up). */
const DOOR_SEAMS: readonly (readonly P2[])[] = [
  [
    [1.34, 1.01],
    [1.37, 0.62],
    [1.36, 0.38],
  ],
  [
    [2.59, 1.05],
    [2.6, 0.3],
  ],
  [
    [3.6, 1.09],
    [3.58, 0.72],
    [3.33, 0.62],
  ],
]

export type ExteriorView = 'front' | 'side' | 'rear'

const CAMERAS = {
  front: { azimuth: 38, height: 1.75, distance: 9 },
  side: { azimuth: 90, height: 1.25, distance: 11 },
  rear: { azimuth: 142, height: 1.9, distance: 9 },
} as const
const BOXES = {
  front: { x: 110, y: 120, width: 980, height: 390 },
  side: { x: 90, y: 150, width: 930, height: 360 },
  rear: { x: 70, y: 110, width: 960, height: 400 },
} as const

/** A point in the y–z plane (faces across the car: lamps, plates, bike wheels). */
const ringYZ = (c: P3, r: number, n = 20): P3[] =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2
    return [c[0], c[1] + r * Math.sin(a), c[2] + r * Math.cos(a)] as P3
  })

/** What the parts are drawn with: a path through points of the car in the picture, a metre's size there, the id prefix. */
interface Pen {
  d: (points: readonly P3[], close?: boolean) => string
  /** A point of the car in the picture. */
  S: (p: P3) => P2
  pxPerM: number
  u: string
}

const LIGHT = '#f4fbff'

/** The band of the car's top profile between two of its points, across its width (inset from the sides). */
const band = (i: number, j: number, inset = 0) => [
  ...TOP.slice(i, j + 1).map((p) => near(p, inset)),
  ...TOP.slice(i, j + 1)
    .reverse()
    .map((p) => far(p, inset)),
]

const polar = (r: number, deg: number) => {
  const a = (deg * Math.PI) / 180
  return [r * Math.cos(a), r * Math.sin(a)] as P2
}
const face = (points: P2[]) =>
  `M${points.map(([px, py]) => `${Math.round(px * 1000) / 1000} ${Math.round(py * 1000) / 1000}`).join('L')}Z`

/** The surfaces swept across the car (front, bonnet, windscreen, roof, rear window, tail) the camera sees, far first. */
function visibleSurfaces(project: ReturnType<typeof camera>, nearTop: readonly P3[], farTop: readonly P3[]) {
  return (Object.keys(PART) as (keyof typeof PART)[])
    .map((name) => {
      const [i, j] = PART[name]
      const k = Math.floor((i + j) / 2)
      const a = TOP[k] as P2
      const b = TOP[k + 1] as P2
      const normal: P3 = [-(b[1] - a[1]), b[0] - a[0], 0]
      const at: P3 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 0]
      const polygon = [...nearTop.slice(i, j + 1), ...farTop.slice(i, j + 1).reverse()]
      return { name, polygon, normal, at, depth: project.depth(at) }
    })
    .filter((s) => project.faces(s.at, s.normal))
    .sort((a, b) => b.depth - a.depth)
}

/** The car's contact shadow on the floor (its corners' x and y), the ground line and the tyres' contact points. */
function floorOf(S: (p: P3) => P2, wheelZ: number) {
  const foot = [
    [-0.1, 0, 1.0],
    [4.55, 0, 1.0],
    [4.55, 0, -1.0],
    [-0.1, 0, -1.0],
  ].map((p) => S(p as unknown as P3))
  return {
    fx: foot.map((p) => p[0]),
    fy: foot.map((p) => p[1]),
    ground: Math.max(...[FRONT_AXLE, REAR_AXLE].map((x) => S([x, 0, wheelZ])[1])),
    contacts: [FRONT_AXLE, REAR_AXLE].flatMap((x) => [S([x, 0, wheelZ - 0.1]), S([x, 0, -wheelZ + 0.1])]),
  }
}

/** Draws a wheel at an axle on one side: the far side's tyre and rim, or the near side's tyre and wheel face. */
function wheelDrawer(S: (p: P3) => P2, u: string, rimR: number, wheelZ: number) {
  /** A transform that lays the unit circle (and anything drawn around it) onto a wheel's plane. */
  const onWheel = (c: P3, r: number) => {
    const o = S(c)
    const a = S([c[0] + r, c[1], c[2]])
    const b = S([c[0], c[1] - r, c[2]])
    const n = (v: number) => Math.round(v * 100) / 100
    return `matrix(${n(a[0] - o[0])} ${n(a[1] - o[1])} ${n(b[0] - o[0])} ${n(b[1] - o[1])} ${n(o[0])} ${n(o[1])})`
  }
  const wheel = (x: number, side: 1 | -1): string => {
    const z = side * wheelZ
    return (
      <>
        <circle r="1" transform={onWheel([x, TYRE_RADIUS, z - side * 0.24], TYRE_RADIUS)} fill="#0d0f11" />
        <circle r="1" transform={onWheel([x, TYRE_RADIUS, z], TYRE_RADIUS)} fill={`url(#${u}ty)`} />
        {side === 1 ? (
          <use href={`#${u}wf`} transform={onWheel([x, TYRE_RADIUS, z + 0.005], TYRE_RADIUS)} />
        ) : (
          <circle r={rimR} transform={onWheel([x, TYRE_RADIUS, z - 0.005], TYRE_RADIUS)} fill="#4b5157" />
        )}
      </>
    )
  }
  return wheel
}

/** The car from outside, drawn in one of three camera positions. `u` makes ids unique. */
export function Exterior({ look, view, u }: { look: CarLook; view: ExteriorView; u: string }) {
  const [body = '#cccccc', roof = body] = look.paintColours
  const [seat = '#444444'] = look.interiorColours
  const project = camera(CAMERAS[view])
  const nearTop = TOP.map((p) => near(p))
  const farTop = TOP.map((p) => far(p))
  const nearBottom = BOTTOM.map((p) => near(p))
  const wheelZ = TRACK + 0.06
  const tyres = [FRONT_AXLE, REAR_AXLE].flatMap((x) => [
    ...circle3([x, TYRE_RADIUS, wheelZ], TYRE_RADIUS, 12),
    ...circle3([x, TYRE_RADIUS, -wheelZ], TYRE_RADIUS, 12),
  ])
  const place = fitInto([...nearTop, ...farTop, ...nearBottom, ...tyres].map(project), BOXES[view])
  const S = (p: P3): P2 => place(project(p))
  const d = (points: readonly P3[], close = true) => path(points.map(S), close)
  const pxPerM = Math.abs(S([2.2, 1, 0])[1] - S([2.2, 0, 0])[1])
  const pen: Pen = { d, S, pxPerM, u }
  const dark = luminance(body) < 0.08
  const edge = mix(body, '#000000', dark ? 0.5 : 0.32)
  const metallic = look.paintFinish === 'metallic' || look.paintFinish === 'twoTone'

  const surfaces = visibleSurfaces(project, nearTop, farTop)
  const sees = (name: keyof typeof PART) => surfaces.some((s) => s.name === name)

  const surfaceFill = (name: keyof typeof PART) => {
    if (name === 'roof' || name === 'windscreen' || name === 'rearWindow') return roof
    if (name === 'bonnet') return mix(body, '#ffffff', dark ? 0.12 : 0.08)
    return mix(body, '#000000', 0.1)
  }

  const rimR = (0.225 + (look.wheelInches - 18) * 0.028) / TYRE_RADIUS
  const wheel = wheelDrawer(S, u, rimR, wheelZ)
  const wheelFace = wheelFaceOf(u, rimR, look.wheelDesign)

  const { fx, fy, ground, contacts } = floorOf(S, wheelZ)

  const glass = WINDOWS.map((p) => near(p, 0.015))
  const matrix = has(look, 'matrixLights')
  const towBar = has(look, 'towBar')
  const carrier = towBar && has(look, 'bikeCarrier')

  const front = sees('front') ? frontFascia(pen, matrix) : null

  const rear = sees('tail') ? tail(pen) : null

  // Hidden behind the car in the front view.
  const tow = towBar && view !== 'front' ? towBarShape(pen) : null

  const bike = carrier ? bikeCarrierShape(pen) : null

  const bodyPath = d([...nearTop, ...nearBottom])
  // Behind the car (rear view): the carrier hides part of the tail; in the side view it stands behind.
  const car = (
    <g>
      {wheel(FRONT_AXLE, -1)}
      {wheel(REAR_AXLE, -1)}
      {surfaces.map((s) => (
        <g key={s.name}>
          <defs>
            <path id={`${u}${s.name}`} d={d(s.polygon)} />
          </defs>
          <use href={`#${u}${s.name}`} fill={surfaceFill(s.name)} stroke={edge} strokeOpacity="0.35" />
          <use href={`#${u}${s.name}`} fill={`url(#${u}tp)`} />
          {s.name === 'windscreen' || s.name === 'rearWindow' ? (
            <>
              <defs>
                <path id={`${u}${s.name}G`} d={d(glassInset(s.name))} />
              </defs>
              <use href={`#${u}${s.name}G`} fill={`url(#${u}gl)`} />
              <use href={`#${u}${s.name}G`} fill={`url(#${u}gr)`} />
            </>
          ) : null}
        </g>
      ))}
      {front}
      {rear}
      {[FRONT_AXLE, REAR_AXLE].map((x) => (
        <path key={x} d={d(circle3([x, TYRE_RADIUS, halfWidth(x, 0.4) - 0.06], 0.5))} fill="#0b0c0d" />
      ))}
      {wheel(FRONT_AXLE, 1)}
      {wheel(REAR_AXLE, 1)}
      <defs>
        <path id={`${u}bd`} d={bodyPath} />
        <path id={`${u}dl`} d={d(glass)} />
      </defs>
      <use href={`#${u}bd`} fill={body} stroke={edge} strokeOpacity="0.5" />
      <path d={d([...TOP.slice(7, 16).map((p) => near(p)), near([4.12, 1.1]), near([1.18, 1.0])])} fill={roof} />
      <use href={`#${u}bd`} fill={`url(#${u}sv)`} />
      <use href={`#${u}bd`} fill={`url(#${u}sh)`} opacity={metallic ? 1 : 0.7} />
      {bodySide(pen, { body, roof, edge, seat, dark }, matrix)}
      {tow}
      {view === 'side' ? bike : null}
    </g>
  )

  return (
    <>
      <defs>{wheelFace}</defs>
      <ellipse
        cx={(Math.min(...fx) + Math.max(...fx)) / 2}
        cy={(Math.min(...fy) + Math.max(...fy)) / 2 + 4}
        rx={((Math.max(...fx) - Math.min(...fx)) / 2) * 1.02}
        ry={Math.max(14, ((Math.max(...fy) - Math.min(...fy)) / 2) * 1.1)}
        fill={`url(#${u}sd)`}
      />
      {contacts.map(([cx, cy]) => (
        <ellipse key={`${cx}`} cx={cx} cy={cy} rx={0.34 * pxPerM} ry={0.06 * pxPerM} fill={`url(#${u}sd)`} />
      ))}
      <g mask={`url(#${u}fm)`} opacity="0.22">
        <use href={`#${u}car`} transform={`translate(0 ${Math.round(ground * 2)}) scale(1 -1)`} />
      </g>
      <g id={`${u}car`}>
        {car}
        {view === 'rear' ? bike : null}
      </g>
      <mask id={`${u}fm`}>
        <rect x="0" y={Math.round(ground)} width="1200" height="110" fill={`url(#${u}fd)`} />
      </mask>
    </>
  )
}

/** The wheel face in unit coordinates (tyre radius 1), drawn once and laid onto each near wheel. */
function wheelFaceOf(u: string, rimR: number, design: CarLook['wheelDesign']): string {
  return (
    <g id={`${u}wf`}>
      <circle r={rimR + 0.033} fill="#2a2e32" />
      {design === 'sport' ? (
        <>
          <circle r={rimR} fill="#15181b" />
          <circle r={rimR * 0.72} fill="#7b8186" />
          <path
            d={face([polar(rimR * 0.55, -20), polar(rimR * 0.7, -20), polar(rimR * 0.7, -55), polar(rimR * 0.55, -55)])}
            fill="#b3202a"
          />
          <path
            d={Array.from({ length: 10 }, (_, n) => {
              const base = Math.floor(n / 2) * 72 + (n % 2 ? 8 : -8)
              return face([
                polar(rimR * 0.2, base - 6),
                polar(rimR * 0.97, base - 2.2),
                polar(rimR * 0.97, base + 2.2),
                polar(rimR * 0.2, base + 6),
              ])
            }).join('')}
            fill={`url(#${u}rm)`}
          />
          <circle r={rimR * 0.24} fill="#c9ced3" />
        </>
      ) : (
        <>
          <circle r={rimR} fill={`url(#${u}rm)`} />
          <path
            d={Array.from({ length: 5 }, (_, n) => {
              const base = n * 72
              return face([
                polar(rimR * 0.4, base),
                polar(rimR * 0.66, base + 14),
                polar(rimR * 0.9, base + 34),
                polar(rimR * 0.9, base + 44),
                polar(rimR * 0.66, base + 26),
                polar(rimR * 0.4, base + 10),
              ])
            }).join('')}
            fill="#3b4046"
          />
          <circle r={rimR * 0.3} fill="#9aa1a7" />
        </>
      )}
      <circle r={rimR * 0.1} fill="#22262a" />
    </g>
  )
}

/** The front: the lower grille, the plate, the headlamps (matrix segments or a round lamp) and the light strip. */
function frontFascia({ d }: Pen, matrix: boolean): string {
  return (
    <g>
      <path d={d(band(0, 1, 0.05))} fill="#16191c" />
      <path
        d={d([
          [0.02, 0.52, 0.26],
          [0.02, 0.52, -0.26],
          [0.02, 0.42, -0.26],
          [0.02, 0.42, 0.26],
        ])}
        fill="#eceeef"
        stroke="#1a1d20"
        strokeWidth="1"
      />
      {[1, -1].map((s) => (
        <g key={s}>
          <path
            d={d([
              [0.06, 0.7, s * 0.73],
              [0.06, 0.7, s * 0.42],
              [0.045, 0.65, s * 0.46],
              [0.04, 0.62, s * 0.7],
            ])}
            fill="#1d242b"
          />
          {matrix ? (
            Array.from({ length: 6 }, (_, n) => {
              const z = s * (0.46 + n * 0.043)
              return (
                <path
                  key={z}
                  d={d([
                    [0.05, 0.675, z],
                    [0.05, 0.675, z + s * 0.03],
                    [0.05, 0.645, z + s * 0.03],
                    [0.05, 0.645, z],
                  ])}
                  fill="#dff4ff"
                />
              )
            })
          ) : (
            <path d={d(ringYZ([0.05, 0.66, s * 0.6], 0.03, 12))} fill="#c7d2da" />
          )}
        </g>
      ))}
      <path
        d={d([
          [0.075, 0.725, 0.72],
          [0.075, 0.725, -0.72],
          [0.07, 0.712, -0.72],
          [0.07, 0.712, 0.72],
        ])}
        fill={LIGHT}
      />
      <path d={d(ringYZ([0.03, 0.58, 0], 0.035, 16))} fill="none" stroke="#c9ced3" strokeWidth="1.5" />
    </g>
  )
}

/** The tail: the diffuser band, the plate, the light bar and the reflectors. */
function tail({ d, u }: Pen): string {
  return (
    <g>
      <path d={d(band(19, 20, 0.04))} fill="#16191c" />
      <path
        d={d([
          [4.45, 0.74, 0.26],
          [4.45, 0.74, -0.26],
          [4.45, 0.63, -0.26],
          [4.45, 0.63, 0.26],
        ])}
        fill="#eceeef"
        stroke="#1a1d20"
        strokeWidth="1"
      />
      <path
        d={d([
          [4.33, 1.03, 0.76],
          [4.33, 1.03, -0.76],
          [4.36, 0.97, -0.76],
          [4.36, 0.97, 0.76],
        ])}
        fill={`url(#${u}tl)`}
      />
      <path
        d={d([
          [4.345, 1.003, 0.74],
          [4.345, 1.003, -0.74],
          [4.35, 0.995, -0.74],
          [4.35, 0.995, 0.74],
        ])}
        fill="#ff6b6b"
      />
      {[1, -1].map((s) => (
        <path
          key={s}
          d={d([
            [4.4, 0.42, s * 0.7],
            [4.4, 0.42, s * 0.55],
            [4.41, 0.39, s * 0.55],
            [4.41, 0.39, s * 0.7],
          ])}
          fill="#8e1b1b"
        />
      ))}
    </g>
  )
}

/**
 * The tow bar: a steel neck curving up from under the rear bumper to its ball, outlined so it shows against the dark
 * diffuser, and the trailer socket beside it.
 */
function towBarShape({ d, S, pxPerM }: Pen): string {
  const neck = d(
    [
      [4.4, 0.3, 0],
      [4.52, 0.31, 0],
      [4.59, 0.36, 0],
      [4.61, 0.43, 0],
    ],
    false,
  )
  const [bx, by] = S([4.61, 0.48, 0])
  return (
    <g strokeLinecap="round" strokeLinejoin="round">
      <path d={neck} fill="none" stroke="#15181b" strokeWidth={0.085 * pxPerM} />
      <path d={neck} fill="none" stroke="#a7aeb4" strokeWidth={0.055 * pxPerM} />
      <circle cx={bx} cy={by} r={0.05 * pxPerM} fill="#c4cacf" stroke="#15181b" strokeWidth={0.012 * pxPerM} />
      <path d={d(ringYZ([4.44, 0.34, 0.2], 0.045, 10))} fill="#15181b" stroke="#4b5157" strokeWidth={0.01 * pxPerM} />
    </g>
  )
}

/** The bike carrier on the tow bar, with a bike on it. */
function bikeCarrierShape({ d, pxPerM }: Pen): string {
  return (
    <g fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path
        d={d([
          [4.5, 0.5, 0.62],
          [4.78, 0.5, 0.62],
          [4.78, 0.5, -0.62],
          [4.5, 0.5, -0.62],
        ])}
        fill="#24282c"
        stroke="#24282c"
        strokeWidth={0.04 * pxPerM}
      />
      {[0.62, -0.62].map((z) => (
        <path
          key={z}
          d={d([
            [4.78, 0.52, z],
            [4.78, 0.52, z - Math.sign(z) * 0.12],
            [4.79, 0.47, z - Math.sign(z) * 0.12],
            [4.79, 0.47, z],
          ])}
          fill="#c62828"
          stroke="none"
        />
      ))}
      {[0.47, -0.47].map((z) => (
        <path key={z} d={d(ringYZ([4.64, 0.85, z], 0.32, 24))} stroke="#1b1e21" strokeWidth={0.045 * pxPerM} />
      ))}
      <path
        d={d(
          [
            [4.64, 0.85, -0.47],
            [4.64, 0.8, -0.03],
            [4.64, 1.28, -0.16],
            [4.64, 0.85, -0.47],
            [4.64, 1.28, -0.16],
            [4.64, 1.25, 0.3],
            [4.64, 0.8, -0.03],
            [4.64, 1.25, 0.3],
            [4.64, 0.85, 0.47],
          ],
          false,
        )}
        stroke="#d35400"
        strokeWidth={0.035 * pxPerM}
      />
      <path
        d={d(
          [
            [4.64, 1.25, 0.3],
            [4.64, 1.36, 0.27],
            [4.53, 1.37, 0.27],
            [4.75, 1.37, 0.27],
          ],
          false,
        )}
        stroke="#1b1e21"
        strokeWidth={0.03 * pxPerM}
      />
      <path
        d={d(
          [
            [4.64, 1.33, -0.26],
            [4.64, 1.34, -0.08],
          ],
          false,
        )}
        stroke="#1b1e21"
        strokeWidth={0.05 * pxPerM}
      />
    </g>
  )
}

/** A window's glass, inset from the body's edges. */
const glassInset = (name: 'windscreen' | 'rearWindow') => {
  const [i, j] = PART[name]
  const inner = TOP.slice(i, j + 1)
  const shrink = (p: P2, side: 1 | -1): P3 => [p[0], p[1], side * (halfWidth(p[0], p[1]) - 0.09)]
  const [first, last] = name === 'windscreen' ? [0.03, 0.06] : [0.05, 0.03]
  const trimmed = inner.map((p, n) => {
    const t = n === 0 ? first : n === inner.length - 1 ? -last : 0
    const next = inner[Math.min(inner.length - 1, n + 1)] as P2
    const prev = inner[Math.max(0, n - 1)] as P2
    const dir = [next[0] - prev[0], next[1] - prev[1]]
    const len = Math.hypot(dir[0] ?? 0, dir[1] ?? 0) || 1
    return [p[0] + ((dir[0] ?? 0) / len) * t, p[1] + ((dir[1] ?? 0) / len) * t] as P2
  })
  return [...trimmed.map((p) => shrink(p, 1)), ...trimmed.reverse().map((p) => shrink(p, -1))]
}

/** A headrest's outline behind the side windows. */
const headrest = (x: number, z: number): P3[] => [
  [x - 0.1, 1.12, z],
  [x - 0.11, 1.25, z],
  [x - 0.06, 1.3, z],
  [x + 0.06, 1.3, z],
  [x + 0.1, 1.25, z],
  [x + 0.09, 1.12, z],
]

/** The body's side over its paint: shoulder line, windows and headrests, seams and handles, cladding, lamps, mirror. */
function bodySide(
  pen: Pen,
  { body, roof, edge, seat, dark }: { body: string; roof: string; edge: string; seat: string; dark: boolean },
  matrix: boolean,
): string {
  const { d, pxPerM, u } = pen
  return (
    <>
      {/* Shoulder line: a highlight over its own shadow. */}
      <path
        d={d(
          [
            [0.3, 0.83, 0],
            [2.2, 0.92, 0],
            [4.36, 0.98, 0],
          ].map(([x, y]) => near([x as number, y as number], -0.002)),
          false,
        )}
        fill="none"
        stroke="#ffffff"
        strokeOpacity={dark ? 0.35 : 0.6}
        strokeWidth="1.5"
      />
      {/* Windows: dark glass, the headrests in the upholstery behind it, then reflections. */}
      <use href={`#${u}dl`} fill={`url(#${u}gl)`} stroke="#0c0e10" strokeWidth="2.5" strokeLinejoin="round" />
      {[
        [2.42, 0.3],
        [3.3, 0.35],
      ].map(([x, z]) => (
        <path key={x} d={d(headrest(x as number, z as number))} fill={seat} opacity="0.8" />
      ))}
      <use href={`#${u}dl`} fill={`url(#${u}gr)`} />
      <path
        d={d([near([2.55, 1.04], 0.01), near([2.55, 1.55], 0.01), near([2.63, 1.55], 0.01), near([2.63, 1.045], 0.01)])}
        fill="#0c0e10"
      />
      <path
        d={d([near([3.5, 1.07], 0.01), near([3.52, 1.53], 0.01), near([3.64, 1.5], 0.01), near([3.6, 1.075], 0.01)])}
        fill={roof}
      />
      {/* Door seams and flush handles. */}
      {DOOR_SEAMS.map((seam) => (
        <path
          key={seam[0]?.join()}
          d={d(
            seam.map((p) => near(p)),
            false,
          )}
          fill="none"
          stroke="#000"
          strokeOpacity="0.35"
          strokeWidth="1.2"
        />
      ))}
      {[2.0, 3.05].map((x) => (
        <path
          key={x}
          d={d([near([x, 0.9], -0.003), near([x + 0.22, 0.905], -0.003)], false)}
          stroke={mix(body, '#000000', 0.45)}
          strokeWidth={0.025 * pxPerM}
          strokeLinecap="round"
        />
      ))}
      {lowerSide(pen, roof, edge, matrix)}
    </>
  )
}

/** The lower side: sill and wheel-arch cladding, the lamps seen from the side, the mirror and the charging flap. */
function lowerSide({ d, u }: Pen, roof: string, edge: string, matrix: boolean): string {
  return (
    <>
      {/* Sill and wheel-arch cladding: the darker lower body of a crossover. */}
      <path d={d([near([1.36, 0.25]), near([3.28, 0.25]), near([3.26, 0.33]), near([1.38, 0.33])])} fill="#1a1d20" />
      {[FRONT_AXLE, REAR_AXLE].map((x) => {
        const arc = (r: number) =>
          Array.from({ length: 13 }, (_, n) => {
            const a = ((-6 + (192 * n) / 12) * Math.PI) / 180
            return near([x + r * Math.cos(a), TYRE_RADIUS + r * Math.sin(a)], -0.004)
          })
        return <path key={x} d={d([...arc(0.43), ...arc(0.49).reverse()])} fill="#1a1d20" />
      })}
      {/* Lamps seen from the side, the mirror, the charging flap. */}
      <path
        d={d([
          near([0.1, 0.785], -0.004),
          near([0.45, 0.86], -0.004),
          near([0.44, 0.835], -0.004),
          near([0.08, 0.745], -0.004),
        ])}
        fill={matrix ? '#dff4ff' : '#c7d2da'}
        stroke="#1d242b"
        strokeWidth="1"
      />
      <path
        d={d([
          near([4.2, 1.08], -0.004),
          near([4.38, 0.98], -0.004),
          near([4.4, 0.93], -0.004),
          near([4.17, 1.03], -0.004),
        ])}
        fill={`url(#${u}tl)`}
      />
      <path
        d={d([
          [1.3, 1.02, halfWidth(1.3, 1.0)],
          [1.48, 1.05, halfWidth(1.3, 1.0) + 0.2],
          [1.5, 1.16, halfWidth(1.3, 1.0) + 0.2],
          [1.34, 1.16, halfWidth(1.3, 1.0)],
        ])}
        fill={roof}
        stroke={edge}
        strokeWidth="1"
      />
      {matrix ? <path d={d(ringYZ([1.46, 1.03, halfWidth(1.3, 1.0) + 0.18], 0.012, 8))} fill="#0c0e10" /> : null}
      <path
        d={d([
          near([3.95, 0.82], -0.003),
          near([4.13, 0.83], -0.003),
          near([4.13, 0.74], -0.003),
          near([3.96, 0.73], -0.003),
        ])}
        fill="none"
        stroke="#000"
        strokeOpacity="0.3"
        strokeWidth="1"
      />
    </>
  )
}
