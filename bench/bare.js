// The bare floor of `npm run bench`: a Worker that answers without doing anything.
export default {
  fetch() {
    return new Response('ok', { headers: { 'content-type': 'text/plain' } })
  },
}
