import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'

/** Every body, a page form's and the API's, is refused above this size before it is read. */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * Refuses a body over MAX_BODY_BYTES by its Content-Length, or while it streams in, before anything parses it: a 413
 * that errors.ts answers with the page in the visitor's language or the API's JSON.
 *
 * @example
 * app.use(limitBodies())
 */
export function limitBodies() {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new HTTPException(413)
    },
  })
}
