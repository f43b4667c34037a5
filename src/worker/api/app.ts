import { Hono } from 'hono'
import { z } from 'zod'
import { issueSignInCode, SIGN_IN_CODE_SECONDS } from '../auth/app-sign-in'
import { resolveUser } from '../auth/session'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import { type EndpointSpec, jsonBody, routePath } from './endpoint'
import { apiError } from './errors'

export const APP_ENDPOINTS = {
  appSignInCode: {
    method: 'post',
    path: '/api/v1/app/sign-in-codes',
    operationId: 'createAppSignInCode',
    summary: `A single-use code for the signed-in customer's account, which the app's webview exchanges within ${SIGN_IN_CODE_SECONDS} s for the web session (POST {prefix}/app/sign-in)`,
    tags: ['session'],
    signedIn: true,
    body: z.strictObject({}),
    example: {},
    responses: {
      201: {
        description: 'The code, when it expires, and the account it signs in',
        schema: z.object({ code: z.string(), expiresAt: z.string(), account: z.string() }),
      },
      401: { description: 'Not signed in' },
      403: { description: 'Missing or wrong anti-forgery token' },
      422: { description: 'Invalid body' },
    },
  },
} satisfies Record<string, EndpointSpec>

/** The native app's calls: the sign-in hand-over to its webview (docs/features/app-webview.md). */
export const appApi = new Hono<AppEnv>().post(
  routePath(APP_ENDPOINTS.appSignInCode),
  jsonBody(APP_ENDPOINTS.appSignInCode.body),
  async (c) => {
    const user = await resolveUser(c)
    if (!user) return apiError(c, 401, 'unauthorized', 'app.error.signedOut')
    const { code, expiresAt } = await issueSignInCode(c, user)
    return c.json({ code, expiresAt, account: user.id }, 201, { 'cache-control': CachePolicy.none })
  },
)
