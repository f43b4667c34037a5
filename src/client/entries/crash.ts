// Not a page entry: the page a crash in the browser shows, loaded by address only when one happens
// (src/client/ErrorBoundary.tsx), so no page downloads it before it runs. It names the hydration module too, so
// the bundler keeps everything the pages share in the one chunk they load first, instead of splitting off what
// this entry shares with them.
export { ErrorPage } from '../../ui/ErrorPage'
export { hydratePage } from '../hydrate'
