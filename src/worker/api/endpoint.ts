import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { MessageKey } from '../../i18n/intl'
import type { AppEnv } from '../types'
import { ApiErrorBody, apiError, apiMessage } from './errors'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * One JSON endpoint, declared once: the router validates with these schemas and the OpenAPI
 * document is generated from them, so the two cannot drift.
 */
export interface EndpointSpec {
  method: HttpMethod
  /** Path under /api in OpenAPI form: '/v1/orders/{id}'. */
  path: string
  operationId: string
  summary: string
  tags: string[]
  /** The JSON request body, validated before the handler runs. */
  body?: z.ZodType
  /** A valid body: documentation, and the seed the fuzz suite mutates. */
  example?: unknown
  /** Response schemas by status; 4xx/5xx default to ApiErrorBody. */
  responses: Record<number, { description: string; schema?: z.ZodType }>
}

/** The Hono path of an OpenAPI path: '/v1/orders/{id}' → '/v1/orders/:id'. */
export function honoPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1')
}

function fieldMessage(c: Context, issue: z.core.$ZodIssue): { path: string; message: string } {
  const key: MessageKey =
    issue.code === 'invalid_type' && issue.input === undefined
      ? 'api.error.requiredField'
      : issue.code === 'unrecognized_keys'
        ? 'api.error.unknownField'
        : issue.code === 'too_big'
          ? 'api.error.tooLong'
          : 'api.error.invalidField'
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys] : issue.path
  return { path: path.map(String).join('.'), message: apiMessage(c, key) }
}

/**
 * Validates the JSON body against the endpoint's schema: 415 for another content type, 400 for
 * malformed JSON, 422 with a message per field (in the caller's language) for invalid content.
 * The parsed body is available as `c.get('body')`.
 */
export function jsonBody<Schema extends z.ZodType>(
  schema: Schema,
): MiddlewareHandler<AppEnv & { Variables: { body: z.output<Schema> } }> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/json\b/i.test(type)) return apiError(c, 415, 'unsupported_media_type', 'api.error.mediaType')
    let raw: unknown
    try {
      raw = JSON.parse(await c.req.text())
    } catch {
      return apiError(c, 400, 'invalid_json', 'api.error.invalidJson')
    }
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      return apiError(
        c,
        422,
        'validation',
        'api.error.validation',
        parsed.error.issues.map((issue) => fieldMessage(c, issue)),
      )
    }
    c.set('body', parsed.data)
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
    paths[`/api${endpoint.path}`] ??= {}
    ;(paths[`/api${endpoint.path}`] as Record<string, unknown>)[endpoint.method] = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(writes ? { security: [{ antiForgery: [] }] } : {}),
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
