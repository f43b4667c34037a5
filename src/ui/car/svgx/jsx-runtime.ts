/**
 * A JSX runtime that writes SVG markup as a string, for the car's drawing code only (files that
 * start with `@jsxImportSource ./svgx`). The drawing then needs no React: the server writes it
 * into the HTML cheaply, and the browser loads it as a small module with no imports.
 */

type Child = string | number | boolean | null | undefined | readonly Child[]
type Props = Record<string, unknown> & { children?: Child }
type Component = (props: never) => string

/** SVG attributes that keep their camelCase spelling; every other camelCase name is written kebab-case. */
const CAMEL = new Set([
  'viewBox',
  'preserveAspectRatio',
  'patternUnits',
  'gradientUnits',
  'gradientTransform',
  'patternTransform',
  'maskUnits',
])

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function children(child: Child): string {
  if (child === null || child === undefined || child === false || child === true) return ''
  if (Array.isArray(child)) return child.map(children).join('')
  return typeof child === 'string' && child.startsWith('<') ? child : escapeText(String(child))
}

function element(type: string | Component, props: Props): string {
  if (typeof type === 'function') return type(props as never)
  let attributes = ''
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || value === undefined || value === null || value === false) continue
    const written =
      name === 'className' ? 'class' : CAMEL.has(name) ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    attributes += ` ${written}="${escapeText(String(value))}"`
  }
  return `<${type}${attributes}>${children(props.children)}</${type}>`
}

export const jsx = (type: string | Component, props: Props, _key?: unknown): string => element(type, props)
export const jsxs = jsx
export const jsxDEV = jsx
export const Fragment = (props: { children?: Child }): string => children(props.children)

export namespace JSX {
  export type Element = string
  export interface IntrinsicElements {
    [tag: string]: Record<string, unknown>
  }
  export interface IntrinsicAttributes {
    key?: string | number
  }
  export interface ElementChildrenAttribute {
    children: unknown
  }
}
