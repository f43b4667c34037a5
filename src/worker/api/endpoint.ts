import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { MessageKey } from '../../i18n/intl'
import type { AppEnv } from '../types'
import { ApiErrorBody, ApiProblem, apiMessage, invalidFields } from './errors'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * One JSON endpoint, declared once: the router validates with these schemas and the OpenAPI
 * document is generated from them, so the two cannot drift.
 */
export interface EndpointSpec {
  method: HttpMethod
  /** Full path in OpenAPI form: '/api/v1/orders/{id}'. */
  path: string
  operationId: string
  summary: string
  tags: string[]
  /** The JSON request body, validated before the handler runs. */
  body?: z.ZodType
  /** A valid body: documentation, and the seed the fuzz suite mutates. */
  example?: unknown
  /** Only for a signed-in customer (their session cookies): 401 otherwise. The quality gates call it signed in. */
  signedIn?: true
  /** Response schemas by status; 4xx/5xx default to ApiErrorBody. */
  responses: Record<number, { description: string; schema?: z.ZodType }>
}

/**
 * The Hono path of an endpoint, relative to the router it is mounted on.
 *
 * @example
 * routePath({ path: '/api/v1/orders/{id}' }, '/api') // '/v1/orders/:id'
 */
export function routePath(endpoint: Pick<EndpointSpec, 'path'>, mountedAt = '/api'): string {
  const relative = endpoint.path.startsWith(`${mountedAt}/`) ? endpoint.path.slice(mountedAt.length) : endpoint.path
  return relative.replace(/\{(\w+)\}/g, ':$1')
}

/** The value the body gives at a path, or undefined when it gives none (zod's issues do not carry it). */
function givenAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body
  for (const step of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<PropertyKey, unknown>)[step]
  }
  return value
}

function fieldMessage(c: Context, body: unknown, issue: z.core.$ZodIssue): { path: string; message: string } {
  const missing =
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') && givenAt(body, issue.path) === undefined
  const key: MessageKey = missing
    ? 'api.error.requiredField'
    : issue.code === 'unrecognized_keys'
      ? 'api.error.unknownField'
      : issue.code === 'too_big' && ['string', 'array', 'set', 'file'].includes(issue.origin)
        ? 'api.error.tooLong'
        : 'api.error.invalidField'
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys] : issue.path
  return { path: path.map(String).join('.'), message: apiMessage(c, key) }
}

/** What a body-validating middleware gives the handler: `c.req.valid('json')`, typed by the endpoint's schema. */
export interface ValidatedJson<Schema extends z.ZodType> {
  in: { json: z.input<Schema> }
  out: { json: z.output<Schema> }
}

/**
 * Validates the JSON body against the endpoint's schema (`endpoint.body`, the one the OpenAPI document shows): 415
 * for another content type, 400 for malformed JSON, 422 with a message per field (in the caller's language) for
 * invalid content. The handler reads the parsed body, typed by the same schema, with `c.req.valid('json')`.
 * Not hono's `validator('json')`: it gives no 415 for another content type, refuses the empty body the SPEC's
 * handshake calls send, and has no code of ours for malformed JSON; its validated-data store is used as it is.
 *
 * @example
 * .post(routePath(ENDPOINTS.clientErrors), jsonBody(ENDPOINTS.clientErrors), (c) => c.req.valid('json').url)
 */
export function jsonBody<Schema extends z.ZodType>(endpoint: {
  body: Schema
}): MiddlewareHandler<AppEnv, string, ValidatedJson<Schema>> {
  const schema = endpoint.body
  return async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/json\b/i.test(type)) throw new ApiProblem(415, 'unsupported_media_type', 'api.error.mediaType')
    let raw: unknown
    try {
      // An empty body is an empty object: the SPEC's handshake calls send none.
      const text = await c.req.text()
      raw = text.trim() === '' ? {} : JSON.parse(text)
    } catch {
      throw new ApiProblem(400, 'invalid_json', 'api.error.invalidJson')
    }
    const parsed = schema.safeParse(raw)
    if (!parsed.success) throw invalidFields(parsed.error.issues.map((issue) => fieldMessage(c, raw, issue)))
    c.req.addValidatedData('json', parsed.data as object)
    await next()
  }
}

function jsonSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' })
}

/**
 * The OpenAPI 3.1 document of the given endpoints, generated from their zod schemas.
 *
 * @example
 * c.json(openApiDocument(ENDPOINTS))
 */
export function openApiDocument(endpoints: readonly EndpointSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const responses: Record<string, unknown> = {}
    for (const [status, response] of Object.entries(endpoint.responses)) {
      const schema = response.schema ?? (Number(status) >= 400 ? ApiErrorBody : undefined)
      responses[status] = schema
        ? { description: response.description, content: { 'application/json': { schema: jsonSchema(schema) } } }
        : { description: response.description }
    }
    const parameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const writes = endpoint.method !== 'get'
    paths[endpoint.path] ??= {}
    ;(paths[endpoint.path] as Record<string, unknown>)[endpoint.method] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(writes ? { security: [{ antiForgery: [] }] } : {}),
      ...(endpoint.signedIn ? { 'x-signed-in': true } : {}),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(endpoint.body), example: endpoint.example } },
            },
          }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nordvolt storefront API',
      version: '1.0.0',
      description:
        'JSON endpoints of the storefront. Every state-changing call needs the anti-forgery token from GET /api/csrf in the x-csrf-token header. Errors share one shape (ApiErrorBody), in the language of the `language` header.',
    },
    components: {
      securitySchemes: { antiForgery: { type: 'apiKey', in: 'header', name: 'x-csrf-token' } },
      schemas: { ApiErrorBody: jsonSchema(ApiErrorBody) },
    },
    paths,
  }
}
