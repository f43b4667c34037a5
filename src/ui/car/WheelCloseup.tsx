/** @jsxImportSource ./svgx */
import type { CarLook } from './look'
import { has } from './paint'

const polar = (cx: number, cy: number, r: number, deg: number) => {
  const a = (deg * Math.PI) / 180
  return `${Math.round((cx + r * Math.cos(a)) * 10) / 10} ${Math.round((cy + r * Math.sin(a)) * 10) / 10}`
}

/** A wheel face-on, tyre and rim to scale with each other (18 inch smaller than 19). */
function WheelFace({
  cx,
  cy,
  tyre,
  look,
  u,
  winter = false,
}: {
  cx: number
  cy: number
  tyre: number
  look: CarLook
  u: string
  winter?: boolean
}) {
  const design = winter ? 'aero' : look.wheelDesign
  const inches = winter ? 18 : look.wheelInches
  const rim = tyre * (0.6 + (inches - 18) * 0.075)
  return (
    <g>
      <circle cx={cx} cy={cy} r={tyre} fill={`url(#${u}ty)`} />
      {winter ? (
        <path
          d={Array.from(
            { length: 36 },
            (_, n) => `M${polar(cx, cy, tyre, n * 10)}L${polar(cx, cy, tyre - 10, n * 10 + 4)}`,
          ).join('')}
          stroke="#3a3f44"
          strokeWidth="3"
        />
      ) : null}
      <circle cx={cx} cy={cy} r={tyre * 0.97} fill="none" stroke="#2b3034" strokeWidth="2" />
      {winter ? (
        <g transform={`translate(${cx} ${cy - tyre * 0.8})`} fill="none" stroke="#9aa1a7" strokeWidth="2">
          <path d="M-14 8 L-4 -8 L2 2 L6 -4 L14 8 Z" />
          <path d="M0 -4 V8 M-5 0 L5 6 M5 0 L-5 6" />
        </g>
      ) : null}
      <circle cx={cx} cy={cy} r={rim + 6} fill="#2a2e32" />
      {design === 'sport' ? (
        <>
          <circle cx={cx} cy={cy} r={rim} fill="#15181b" />
          <circle cx={cx} cy={cy} r={rim * 0.72} fill="#7b8186" />
          <path
            d={`M${polar(cx, cy, rim * 0.55, 20)} A${rim * 0.55} ${rim * 0.55} 0 0 1 ${polar(cx, cy, rim * 0.55, 55)} L${polar(cx, cy, rim * 0.7, 55)} A${rim * 0.7} ${rim * 0.7} 0 0 0 ${polar(cx, cy, rim * 0.7, 20)} Z`}
            fill="#b3202a"
          />
          {Array.from({ length: 10 }, (_, n) => {
            const base = Math.floor(n / 2) * 72 + (n % 2 ? 8 : -8)
            return (
              <path
                key={base}
                d={`M${polar(cx, cy, rim * 0.2, base - 6)} L${polar(cx, cy, rim * 0.97, base - 2.2)} L${polar(cx, cy, rim * 0.97, base + 2.2)} L${polar(cx, cy, rim * 0.2, base + 6)} Z`}
                fill={`url(#${u}rm)`}
              />
            )
          })}
          <circle cx={cx} cy={cy} r={rim * 0.24} fill="#c9ced3" />
        </>
      ) : (
        <>
          <circle cx={cx} cy={cy} r={rim} fill={`url(#${u}rm)`} />
          {Array.from({ length: 5 }, (_, n) => {
            const b = n * 72
            return (
              <path
                key={b}
                d={`M${polar(cx, cy, rim * 0.4, b)} L${polar(cx, cy, rim * 0.66, b + 14)} L${polar(cx, cy, rim * 0.9, b + 34)} L${polar(cx, cy, rim * 0.9, b + 44)} L${polar(cx, cy, rim * 0.66, b + 26)} L${polar(cx, cy, rim * 0.4, b + 10)} Z`}
                fill={winter ? '#2b3035' : '#3b4046'}
              />
            )
          })}
          <circle cx={cx} cy={cy} r={rim * 0.3} fill="#9aa1a7" />
        </>
      )}
      <circle cx={cx} cy={cy} r={rim * 0.1} fill="#22262a" />
      <circle cx={cx} cy={cy} r={tyre} fill={`url(#${u}gr)`} opacity="0.5" />
    </g>
  )
}

/** Close-up of the chosen wheel and, with the winter set, its wheel beside it. */
export function WheelCloseup({ look, u }: { look: CarLook; u: string }) {
  const winter = has(look, 'winterWheels')
  const main = winter ? { cx: 420, cy: 300, tyre: 230 } : { cx: 600, cy: 300, tyre: 240 }
  return (
    <>
      <ellipse cx={main.cx} cy={main.cy + main.tyre + 6} rx={main.tyre * 0.9} ry="18" fill={`url(#${u}sd)`} />
      <WheelFace {...main} look={look} u={u} />
      {winter ? (
        <>
          <ellipse cx="880" cy="536" rx="170" ry="14" fill={`url(#${u}sd)`} />
          <WheelFace cx={880} cy={350} tyre={182} look={look} u={u} winter />
        </>
      ) : null}
    </>
  )
}
