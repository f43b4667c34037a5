export type { JSX } from './jsx-runtime'
export { Fragment, jsx, jsxDEV, jsxs } from './jsx-runtime'
