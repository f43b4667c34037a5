import { useId } from 'react'

export interface CarLook {
  /** One colour, or two for a two-tone paint (body, then roof and pillars). */
  paintColours: readonly string[]
  wheelInches: number
  /** 'aero' discs or 'sport' spokes. */
  wheelDesign: 'aero' | 'sport'
  interiorColours: readonly string[]
}

const FRONT_WHEEL_X = 215
const REAR_WHEEL_X = 590
const WHEEL_Y = 292

function Wheel({ x, inches, design }: { x: number; inches: number; design: CarLook['wheelDesign'] }) {
  // 18" → radius 58, each inch more → +4; the tyre stays the same height, the rim grows.
  const tyre = 66
  const rim = 40 + (inches - 18) * 5
  const spokes = Array.from({ length: 5 }, (_, i) => (i * 72 * Math.PI) / 180)
  return (
    <g transform={`translate(${x} ${WHEEL_Y})`}>
      <circle r={tyre} fill="#1b1f22" />
      <circle r={rim} fill="#c9ced2" />
      {design === 'aero' ? (
        <>
          <circle r={rim - 4} fill="#aeb4b9" />
          {spokes.map((angle) => (
            <circle
              key={angle}
              cx={Math.cos(angle) * (rim - 16)}
              cy={Math.sin(angle) * (rim - 16)}
              r={6}
              fill="#5d6368"
            />
          ))}
        </>
      ) : (
        <>
          <circle r={rim - 4} fill="#2a2f33" />
          {spokes.map((angle) => (
            <path
              key={angle}
              d={`M0 0 L${Math.cos(angle - 0.12) * (rim - 4)} ${Math.sin(angle - 0.12) * (rim - 4)} L${Math.cos(angle + 0.12) * (rim - 4)} ${Math.sin(angle + 0.12) * (rim - 4)} Z`}
              fill="#d7dbde"
            />
          ))}
        </>
      )}
      <circle r={9} fill="#3b4146" />
    </g>
  )
}

/**
 * The car as configured, drawn in SVG by our own code: body in the paint colour (roof in the
 * second colour of a two-tone), the chosen wheel design and size, or the interior view. It has a
 * fixed aspect ratio, so a new choice never shifts the layout, and a text alternative that names
 * the choices.
 */
export function CarRender({ look, view, label }: { look: CarLook; view: 'exterior' | 'interior'; label: string }) {
  const id = useId()
  const [body = '#cccccc', roof = body] = look.paintColours
  const [seat = '#444444', trim = seat] = look.interiorColours
  return (
    <svg
      className="car-render"
      viewBox="0 0 800 400"
      role="img"
      aria-labelledby={`${id}-title`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{label}</title>
      <rect width="800" height="400" fill="#eef2f4" />
      <ellipse cx="400" cy="362" rx="330" ry="16" fill="#d3d9dd" />
      {view === 'exterior' ? (
        <g>
          {/* Body: a compact crossover, front to the left. */}
          <path
            d="M70 292 C70 250 92 226 150 216 L250 204 C300 160 340 128 420 122 L560 122 C612 124 650 160 690 206 L732 216 C752 222 760 244 758 268 L756 292 Z"
            fill={body}
          />
          {/* Roof and pillars, in the second colour of a two-tone paint. */}
          <path d="M262 204 C306 164 344 136 420 130 L556 130 C604 132 640 164 676 204 Z" fill={roof} />
          {/* Side windows. */}
          <path d="M290 200 C322 170 352 148 420 144 L470 144 L470 200 Z" fill="#27323a" opacity="0.88" />
          <path d="M484 144 L552 144 C590 146 622 170 650 200 L484 200 Z" fill="#27323a" opacity="0.88" />
          {/* Shoulder line and door seams. */}
          <path d="M120 236 L740 236" stroke="#000" strokeOpacity="0.18" strokeWidth="3" fill="none" />
          <path d="M476 206 L476 290 M330 210 L330 288" stroke="#000" strokeOpacity="0.2" strokeWidth="2" fill="none" />
          {/* Lamps. */}
          <path d="M78 244 L128 238 L124 252 L80 256 Z" fill="#f7f3d6" />
          <path d="M736 230 L756 232 L756 250 L738 248 Z" fill="#c62828" />
          {/* Wheel arches. */}
          <circle cx={FRONT_WHEEL_X} cy={WHEEL_Y} r="74" fill="#20262a" />
          <circle cx={REAR_WHEEL_X} cy={WHEEL_Y} r="74" fill="#20262a" />
          <Wheel x={FRONT_WHEEL_X} inches={look.wheelInches} design={look.wheelDesign} />
          <Wheel x={REAR_WHEEL_X} inches={look.wheelInches} design={look.wheelDesign} />
        </g>
      ) : (
        <g>
          {/* Dashboard and screen. */}
          <path d="M40 70 L760 70 L760 150 C600 176 200 176 40 150 Z" fill="#2b3136" />
          <rect x="330" y="92" width="140" height="62" rx="8" fill="#0f1418" />
          <rect x="340" y="100" width="120" height="46" rx="4" fill="#2f6f8f" />
          {/* Two front seats in the interior's colours. */}
          {[230, 570].map((x) => (
            <g key={x} transform={`translate(${x} 0)`}>
              <rect x="-95" y="170" width="190" height="170" rx="40" fill={seat} />
              <rect x="-70" y="194" width="140" height="110" rx="26" fill={trim} opacity="0.85" />
              <rect x="-60" y="140" width="120" height="44" rx="18" fill={seat} />
            </g>
          ))}
          {/* Centre console. */}
          <rect x="370" y="190" width="60" height="150" rx="14" fill="#3a4147" />
        </g>
      )}
    </svg>
  )
}
