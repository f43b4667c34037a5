// The page-copy floor of `npm run bench`: a Worker that answers each path with a copy of the storefront's response
// to it (its bytes and headers), fetched once from ORIGIN and then kept in memory. What sending a stored page costs
// with nothing else done: the floor of an edge-cache hit, which sends the same response.
const copies = new Map()

async function copyOf(path, origin) {
  const res = await fetch(`${origin}${path}`)
  const body = new Uint8Array(await res.arrayBuffer())
  // The body's length is the new response's own; the rest is the page's.
  const headers = [...res.headers].filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')
  return { status: res.status, body, headers }
}

export default {
  async fetch(request, env) {
    const { pathname, search } = new URL(request.url)
    const path = `${pathname}${search}`
    let copy = copies.get(path)
    if (!copy) {
      copy = await copyOf(path, env.ORIGIN)
      copies.set(path, copy)
    }
    return new Response(copy.body, { status: copy.status, headers: copy.headers })
  },
}
