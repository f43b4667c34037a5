// The React floor of `npm run bench`: streams static HTML of the configurator page's size with
// renderToReadableStream, built per request like a page. The bench passes the configurator's element
// count and byte size (ELEMENTS, BYTES), measured from the page in the same run.
import { createElement as h } from 'react'
import { renderToReadableStream } from 'react-dom/server'

function Page({ elements, bytes }) {
  const items = Math.max(1, Math.floor(elements / 2))
  const text = 'x'.repeat(Math.max(1, Math.floor((bytes - 200) / items) - 30))
  const rows = []
  for (let i = 0; i < items; i++) rows.push(h('li', { key: i }, h('span', { className: 'o' }, text)))
  return h(
    'html',
    { lang: 'nb-NO' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Floor')),
    h('body', null, h('main', null, h('ul', null, rows))),
  )
}

export default {
  async fetch(_request, env) {
    const body = await renderToReadableStream(h(Page, { elements: Number(env.ELEMENTS), bytes: Number(env.BYTES) }))
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  },
}
