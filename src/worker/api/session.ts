import { Hono } from 'hono'
import { z } from 'zod'
import { loginStatus } from '../../domain/session/login-status'
import { refreshSession, resolveUser, userInfoOf } from '../auth/session'
import { CachePolicy } from '../ssr/cache-policy'
import type { AppEnv } from '../types'
import type { EndpointSpec } from './endpoint'
import { jsonBody, routePath } from './endpoint'
import { requestSite } from './request-site'

/** Refresh-token answer codes of SPEC §7/§9. */
export const REFRESH_CODE = { ok: 200, noSession: 12150005 } as const

const UserInfoSchema = z.object({
  nickName: z.string().optional(),
  id: z.string().optional(),
  uid: z.string().optional(),
  types: z.array(z.number()).optional(),
  logoutUrl: z.string().optional(),
})

const LoginInfo = z.object({
  isLogin: z.literal(true),
  loginStatus: z.union([z.number(), z.string()]),
  userInfo: UserInfoSchema,
})

/** The auth SDK's calls (SPEC §7), served by this worker as its own identity provider. */
export const SESSION_ENDPOINTS = {
  checkLoginStatus: {
    method: 'post',
    path: '/webAuthSdk/checkLoginStatus',
    operationId: 'checkLoginStatus',
    summary: 'Login info of the visitor in data.data; an empty object when not signed in',
    tags: ['session'],
    body: z.strictObject({ getAuth: z.boolean() }),
    example: { getAuth: false },
    responses: {
      200: {
        description: 'Login info, or {} for an anonymous visitor',
        schema: z.union([z.object({ data: z.object({ data: LoginInfo }) }), z.object({})]),
      },
      403: { description: 'Missing or wrong anti-forgery token' },
      422: { description: 'Invalid body' },
    },
  },
  refreshToken: {
    method: 'post',
    path: '/api/refreshToken',
    operationId: 'refreshToken',
    summary: 'Rotates the session; code 200, or 12150005 when there is no session',
    tags: ['session'],
    body: z.strictObject({}),
    example: {},
    responses: {
      200: {
        description: 'The outcome code',
        schema: z.object({ code: z.union([z.literal(200), z.literal(12150005)]) }),
      },
      403: { description: 'Missing or wrong anti-forgery token' },
    },
  },
  localUserInfo: {
    method: 'post',
    path: '/api/localUserInfo',
    operationId: 'localUserInfo',
    summary: 'The visitor’s user info (nickName, id, uid, types, logoutUrl); {} when anonymous',
    tags: ['session'],
    body: z.strictObject({}),
    example: {},
    responses: {
      200: { description: 'User info', schema: UserInfoSchema },
      403: { description: 'Missing or wrong anti-forgery token' },
    },
  },
} satisfies Record<string, EndpointSpec>

/** The endpoints under /api. */
export const sessionApi = new Hono<AppEnv>()
  .post(routePath(SESSION_ENDPOINTS.refreshToken), jsonBody(SESSION_ENDPOINTS.refreshToken), async (c) => {
    // A valid access cookie needs no rotation; only an expired one spends the refresh token.
    if (await resolveUser(c)) return c.json({ code: REFRESH_CODE.ok }, 200, { 'cache-control': CachePolicy.none })
    const outcome = await refreshSession(c)
    const code = outcome === 'refreshed' ? REFRESH_CODE.ok : REFRESH_CODE.noSession
    return c.json({ code }, 200, { 'cache-control': CachePolicy.none })
  })
  .post(routePath(SESSION_ENDPOINTS.localUserInfo), jsonBody(SESSION_ENDPOINTS.localUserInfo), async (c) =>
    c.json(userInfoOf(await resolveUser(c), requestSite(c)) satisfies z.input<typeof UserInfoSchema>, 200, {
      'cache-control': CachePolicy.none,
    }),
  )

/** The auth SDK path outside /api. */
export const authSdk = new Hono<AppEnv>().post(
  routePath(SESSION_ENDPOINTS.checkLoginStatus, '/webAuthSdk'),
  jsonBody(SESSION_ENDPOINTS.checkLoginStatus),
  async (c) => {
    const user = await resolveUser(c)
    if (!user) return c.json({}, 200, { 'cache-control': CachePolicy.none })
    const info = {
      isLogin: true as const,
      loginStatus: loginStatus(user.types),
      userInfo: userInfoOf(user, requestSite(c)),
    }
    return c.json({ data: { data: info } }, 200, { 'cache-control': CachePolicy.none })
  },
)
