import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The fields of a posted form. A body that is no form at all (a multipart body without its boundary, a cut-off
 * upload) is the sender's fault: 400 with the error page, not a 500 reported as our failure.
 *
 * @example
 * const field = (await formBody(c))._csrf
 */
export async function formBody(c: Context): Promise<Record<string, string | File>> {
  try {
    return (await c.req.parseBody()) as Record<string, string | File>
  } catch (cause) {
    throw new HTTPException(400, { message: 'The form body could not be read.', cause })
  }
}
