/** @jsxImportSource ./svgx */
import { Exterior } from './Exterior'
import { Interior } from './Interior'
import type { CarLook, CarView } from './look'
import { WheelCloseup } from './WheelCloseup'

type Stop = readonly [offset: number, colour: string, opacity?: number]
const stops = (list: readonly Stop[]) =>
  list.map(([offset, colour, opacity]) => (
    <stop key={offset} offset={offset} stopColor={colour} stopOpacity={opacity} />
  ))

/** Gradients shared by every part of one picture (ids made unique per picture). */
function Defs({ u, view }: { u: string; view: CarView }) {
  const vertical = { x1: 0, y1: 0, x2: 0, y2: 1 }
  return (
    <defs>
      <linearGradient id={`${u}bg`} {...vertical}>
        {stops([
          [0, '#f5f6f7'],
          [0.62, '#d9dde1'],
          [0.66, '#cfd4d9'],
          [1, '#e7eaed'],
        ])}
      </linearGradient>
      <radialGradient id={`${u}gw`}>
        {stops([
          [0, '#ffffff', 0.85],
          [1, '#ffffff', 0],
        ])}
      </radialGradient>
      <radialGradient id={`${u}sd`}>
        {stops([
          [0, '#0b0d0f', 0.6],
          [0.55, '#0b0d0f', 0.28],
          [1, '#0b0d0f', 0],
        ])}
      </radialGradient>
      <linearGradient id={`${u}tp`} {...vertical}>
        {stops([
          [0, '#ffffff', 0.32],
          [1, '#ffffff', 0],
        ])}
      </linearGradient>
      <linearGradient id={`${u}gl`} {...vertical}>
        {stops([
          [0, '#5b6b7a'],
          [0.55, '#1e262e'],
          [1, '#11161b'],
        ])}
      </linearGradient>
      <linearGradient id={`${u}gr`} x1="0" y1="0" x2="1" y2="1">
        {stops([
          [0.28, '#ffffff', 0],
          [0.3, '#ffffff', 0.38],
          [0.42, '#ffffff', 0.1],
          [0.44, '#ffffff', 0],
          [0.58, '#ffffff', 0.16],
          [0.7, '#ffffff', 0],
        ])}
      </linearGradient>
      <radialGradient id={`${u}ty`}>
        {stops([
          [0.6, '#30353a'],
          [0.9, '#1b1e21'],
          [1, '#0e1012'],
        ])}
      </radialGradient>
      <linearGradient id={`${u}rm`} x1="0" y1="0" x2="1" y2="1">
        {stops([
          [0, '#f4f6f7'],
          [0.5, '#9ea5ab'],
          [1, '#e3e7ea'],
        ])}
      </linearGradient>
      {view === 'interior' ? (
        <>
          <pattern id={`${u}tx`} width="6" height="6" patternUnits="userSpaceOnUse">
            <path d="M0 6 L6 0" stroke="#000000" strokeOpacity="0.18" strokeWidth="1.2" />
          </pattern>
          <linearGradient id={`${u}lt`} x1="0" y1="0" x2="1" y2="0">
            {stops([
              [0, '#000000', 0.15],
              [0.35, '#ffffff', 0.22],
              [0.6, '#ffffff', 0],
              [1, '#000000', 0.2],
            ])}
          </linearGradient>
          <pattern id={`${u}sp`} width="7" height="7" patternUnits="userSpaceOnUse">
            <circle cx="3.5" cy="3.5" r="1.4" fill="#0c0e10" />
          </pattern>
        </>
      ) : (
        <>
          <linearGradient id={`${u}sv`} {...vertical}>
            {stops([
              [0, '#ffffff', 0.18],
              [0.44, '#ffffff', 0.04],
              [0.5, '#ffffff', 0.42],
              [0.56, '#ffffff', 0.1],
              [0.63, '#ffffff', 0],
              [0.64, '#000000', 0.14],
              [0.84, '#000000', 0.3],
              [1, '#000000', 0.5],
            ])}
          </linearGradient>
          <linearGradient id={`${u}sh`} x1="0" y1="0" x2="1" y2="0">
            {stops([
              [0, '#000000', 0.18],
              [0.18, '#ffffff', 0.22],
              [0.4, '#ffffff', 0],
              [0.75, '#000000', 0],
              [1, '#000000', 0.22],
            ])}
          </linearGradient>
          <linearGradient id={`${u}tl`} {...vertical}>
            {stops([
              [0, '#ff5c5c'],
              [1, '#9c1218'],
            ])}
          </linearGradient>
          <linearGradient id={`${u}fd`} {...vertical}>
            {stops([
              [0, '#ffffff'],
              [0.8, '#000000'],
            ])}
          </linearGradient>
        </>
      )}
    </defs>
  )
}

/**
 * The inside of the car's <svg>: shared gradients, the studio and the car in one view, as markup.
 * `u` prefixes every id, so several pictures can share a page.
 */
export function drawCar(look: CarLook, view: CarView, u: string): string {
  return (
    <>
      <Defs u={u} view={view} />
      {view === 'interior' ? null : (
        <>
          <rect width="1200" height="600" fill={`url(#${u}bg)`} />
          <ellipse cx="600" cy="330" rx="560" ry="250" fill={`url(#${u}gw)`} />
        </>
      )}
      {view === 'interior' ? (
        <Interior look={look} u={u} />
      ) : view === 'wheel' ? (
        <WheelCloseup look={look} u={u} />
      ) : (
        <Exterior look={look} view={view} u={u} />
      )}
    </>
  )
}
