// The page-copy floor of `npm run bench`: a Worker that answers each request with a copy of the storefront's response
// to the same path and cookies (its bytes and headers), fetched once from ORIGIN and then kept in memory. What sending
// a stored page costs with nothing else done: the floor of an edge-cache hit, which sends the same response (for a
// returning visitor, the page without the cookie banner).
const copies = new Map()

async function copyOf(path, cookie, origin) {
  const res = await fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} })
  const body = new Uint8Array(await res.arrayBuffer())
  // The body's length is the new response's own; the rest is the page's.
  const headers = [...res.headers].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')
  return { status: res.status, body, headers }
}

export default {
  async fetch(request, env) {
    const { pathname, search } = new URL(request.url)
    const path = `${pathname}${search}`
    const cookie = request.headers.get('cookie') ?? ''
    const key = `${path}\n${cookie}`
    let copy = copies.get(key)
    if (!copy) {
      copy = await copyOf(path, cookie, env.ORIGIN)
      copies.set(key, copy)
    }
    return new Response(copy.body, { status: copy.status, headers: copy.headers })
  },
}
