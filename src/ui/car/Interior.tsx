/** @jsxImportSource ./svgx */
import type { CarLook } from './look'
import { has, mix } from './paint'

/** From behind the front seats: windscreen with the bonnet in the paint, dashboard, screen, seats. */
export function Interior({ look, u }: { look: CarLook; u: string }) {
  const [body = '#cccccc'] = look.paintColours
  const [seat = '#444444', second] = look.interiorColours
  const bolster = second ?? mix(seat, '#000000', 0.28)
  const dash = mix(second ?? seat, '#000000', 0.35)
  const leather = look.interiorMaterial === 'leather'
  const sound = has(look, 'premiumSound')

  const seatShape = (cx: number) => (
    <g key={cx}>
      <path
        d={`M${cx - 150} 600 L${cx - 156} 470 C${cx - 156} 430 ${cx - 120} 414 ${cx - 70} 412 L${cx + 70} 412 C${cx + 120} 414 ${cx + 156} 430 ${cx + 156} 470 L${cx + 150} 600 Z`}
        fill={bolster}
      />
      <path
        d={`M${cx - 96} 600 L${cx - 100} 462 C${cx - 100} 440 ${cx - 80} 428 ${cx - 56} 428 L${cx + 56} 428 C${cx + 80} 428 ${cx + 100} 440 ${cx + 100} 462 L${cx + 96} 600 Z`}
        fill={seat}
      />
      <path
        d={`M${cx - 96} 600 L${cx - 100} 462 C${cx - 100} 440 ${cx - 80} 428 ${cx - 56} 428 L${cx + 56} 428 C${cx + 80} 428 ${cx + 100} 440 ${cx + 100} 462 L${cx + 96} 600 Z`}
        fill={`url(#${u}${leather ? 'lt' : 'tx'})`}
      />
      {leather
        ? [-50, 0, 50].map((dx) => (
            <path
              key={dx}
              d={`M${cx + dx} 440 L${cx + dx * 1.04} 600`}
              stroke={mix(seat, '#000000', 0.3)}
              strokeWidth="2"
            />
          ))
        : null}
      <rect x={cx - 20} y="402" width="8" height="14" fill="#8d9399" />
      <rect x={cx + 12} y="402" width="8" height="14" fill="#8d9399" />
      <rect x={cx - 74} y="322" width="148" height="86" rx="30" fill={seat} />
      <rect x={cx - 74} y="322" width="148" height="86" rx="30" fill={`url(#${u}tp)`} />
      <rect x={cx - 74} y="322" width="148" height="86" rx="30" fill="none" stroke={bolster} strokeWidth="4" />
    </g>
  )

  return (
    <>
      <rect width="1200" height="600" fill="#1c1f22" />
      {/* Through the windscreen: the studio, and the bonnet in the chosen paint. */}
      <path d="M150 40 L1050 40 L990 262 L210 262 Z" fill={`url(#${u}bg)`} />
      <path d="M190 262 C300 214 900 214 1010 262 Z" fill={body} />
      <path d="M190 262 C300 214 900 214 1010 262 Z" fill={`url(#${u}tp)`} />
      <path d="M150 40 L1050 40 L990 262 L210 262 Z" fill={`url(#${u}gr)`} opacity="0.6" />
      {has(look, 'headUpDisplay') ? (
        <g fill="#bff3ff" opacity="0.85">
          <text x="330" y="196" fontSize="30" fontFamily="sans-serif" fontWeight="600" textAnchor="middle">
            72
          </text>
          <path d="M390 172 l14 -14 l14 14 h-8 v14 h-12 v-14 Z" />
          <rect x="296" y="204" width="68" height="3" rx="1.5" />
        </g>
      ) : null}
      <path d="M0 0 H1200 V40 H0 Z" fill={mix(dash, '#ffffff', 0.08)} />
      <path d="M0 0 L150 40 L230 300 L0 360 Z" fill={dash} />
      <path d="M1200 0 L1050 40 L970 300 L1200 360 Z" fill={dash} />
      {/* Dashboard with a band of the upholstery, then the floor. */}
      <path d="M0 300 C200 250 1000 250 1200 300 L1200 380 L0 380 Z" fill={dash} />
      <path d="M0 300 C200 250 1000 250 1200 300 L1200 312 C1000 262 200 262 0 312 Z" fill="#ffffff" opacity="0.1" />
      <path d="M40 318 C240 282 960 282 1160 318 L1160 336 C960 300 240 300 40 336 Z" fill={seat} />
      <path d="M0 380 H1200 V600 H0 Z" fill="#17191b" />
      {has(look, 'floorMats')
        ? [150, 1050].map((cx) => (
            <g key={cx}>
              <path
                d={`M${cx - 110} 400 L${cx + 110} 400 L${cx + 130} 470 L${cx - 130} 470 Z`}
                fill="#2c3034"
                stroke="#3d4247"
                strokeWidth="4"
              />
              {[414, 428, 442, 456].map((y) => (
                <path key={y} d={`M${cx - 100} ${y} H${cx + 100}`} stroke="#202326" strokeWidth="3" />
              ))}
            </g>
          ))
        : null}
      {/* Driver's display and steering wheel. */}
      <rect x="262" y="262" width="150" height="34" rx="6" fill="#0b0d0f" />
      <rect x="270" y="270" width="60" height="18" rx="3" fill="#2f6f8f" opacity="0.8" />
      <path d="M225 420 C225 320 465 320 465 420" fill="none" stroke="#1f2225" strokeWidth="26" strokeLinecap="round" />
      <path d="M250 400 L345 392 L440 400" fill="none" stroke="#2a2e32" strokeWidth="18" />
      <circle cx="345" cy="396" r="26" fill="#2a2e32" />
      {/* Centre screen: a map with the route and, with heated seats, their controls. */}
      <g>
        <rect x="478" y="222" width="244" height="160" rx="12" fill="#0a0b0c" />
        <rect x="488" y="232" width="224" height="128" rx="6" fill="#1b2a35" />
        <path d="M488 300 L560 280 L620 320 L712 290" stroke="#2c4352" strokeWidth="10" fill="none" />
        <path d="M540 360 L580 300 L640 262 L712 250" stroke="#2c4352" strokeWidth="8" fill="none" />
        <path d="M540 360 L580 300 L640 262" stroke="#4aa8ff" strokeWidth="5" fill="none" strokeLinecap="round" />
        <circle cx="640" cy="262" r="7" fill="#ffffff" />
        <rect x="496" y="240" width="70" height="34" rx="5" fill="#0f1a21" opacity="0.9" />
        <rect x="504" y="248" width="40" height="6" rx="3" fill="#cfe3ef" />
        <rect x="504" y="260" width="26" height="5" rx="2.5" fill="#7f98a8" />
        <rect x="488" y="362" width="224" height="12" fill="#111416" />
        {has(look, 'heatedSeats')
          ? [520, 680].map((x) => (
              <g key={x} fill="none" stroke="#ff8a3d" strokeWidth="1.6">
                <path d={`M${x - 5} 372 v-8 h8`} />
                <path d={`M${x + 6} 364 q2 -2 0 -4 M${x + 10} 364 q2 -2 0 -4`} />
              </g>
            ))
          : null}
      </g>
      {sound
        ? [90, 1110].map((cx) => (
            <g key={cx}>
              <circle cx={cx} cy="345" r="32" fill="#2b2f33" />
              <circle cx={cx} cy="345" r="32" fill={`url(#${u}sp)`} />
              <circle cx={cx} cy="345" r="32" fill="none" stroke="#b9c0c6" strokeWidth="2" />
              <circle cx={cx > 600 ? 1040 : 160} cy="250" r="11" fill="#b9c0c6" />
            </g>
          ))
        : null}
      {/* Centre console between the seats. */}
      <path d="M530 600 L548 430 C552 414 648 414 652 430 L670 600 Z" fill={dash} />
      <rect x="566" y="440" width="68" height="44" rx="8" fill="#0c0e10" />
      {seatShape(335)}
      {seatShape(865)}
    </>
  )
}
