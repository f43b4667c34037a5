import { describe, expect, it } from 'vitest'
import { maskPersonal, reportedUrl, scrubReport, scrubSpan } from './error-report'

describe('reportedUrl', () => {
  it('drops the query and fragment and keeps at most 200 characters', () => {
    expect(reportedUrl('https://shop.example/no/test-drive?email=ada%40example.com#x')).toBe(
      'https://shop.example/no/test-drive',
    )
    const long = `https://shop.example/${'a'.repeat(300)}`
    expect(reportedUrl(long)).toHaveLength(200)
  })
})

describe('maskPersonal', () => {
  it('masks e-mail addresses and phone numbers, not short numbers', () => {
    expect(maskPersonal('no user ada.l@example.com at +47 912 34 567, slot 3')).toBe(
      'no user [email] at [number], slot 3',
    )
  })
})

describe('scrubReport', () => {
  it('keeps the error and removes cookies, headers, body, query, user and IP', () => {
    const event = {
      message: 'failed for ada@example.com',
      request: {
        method: 'POST',
        url: 'https://shop.example/no/auth?phone=%2B4791234567',
        query_string: 'phone=%2B4791234567',
        cookies: { __Host_session: 'secret' },
        headers: { cookie: 'a=b', authorization: 'Bearer x', 'user-agent': 'UA' },
        data: { password: 'hunter2' },
        env: { REMOTE_ADDR: '203.0.113.9' },
      },
      user: { ip_address: '203.0.113.9', email: 'ada@example.com' },
      exception: { values: [{ type: 'Error', value: 'no account ada@example.com' }] },
      breadcrumbs: [{ category: 'fetch', data: { url: 'https://shop.example/api/x?email=a@b.co', status_code: 500 } }],
      contexts: {
        trace: { data: { 'http.request.header.cookie': 'a=b', 'url.full': 'https://s/x?e=1', 'http.method': 'GET' } },
      },
      tags: { site: '/no' },
    }
    expect(scrubReport(event)).toEqual({
      message: 'failed for [email]',
      request: { method: 'POST', url: 'https://shop.example/no/auth' },
      exception: { values: [{ type: 'Error', value: 'no account [email]' }] },
      breadcrumbs: [{ category: 'fetch', data: { url: 'https://shop.example/api/x', status_code: 500 } }],
      contexts: { trace: { data: { 'url.full': 'https://s/x', 'http.method': 'GET' } } },
      tags: { site: '/no' },
    })
  })
})

describe('scrubSpan', () => {
  it('drops personal attributes, cuts URLs and masks the name, in both span formats', () => {
    const streamed = scrubSpan({
      name: 'GET /no/order/A1?email=ada@example.com',
      attributes: {
        'url.full': 'https://shop.example/no/order/A1?email=ada%40example.com',
        'client.address': '203.0.113.9',
        'http.request.header.cookie': 'session=secret',
        note: 'call +47 912 34 567',
      },
    })
    expect(streamed).toEqual({
      name: 'GET /no/order/A1',
      attributes: { 'url.full': 'https://shop.example/no/order/A1', note: 'call [number]' },
    })
    const inTransaction = scrubSpan({ description: 'mail ada@example.com', data: { 'user.email': 'ada@example.com' } })
    expect(inTransaction).toEqual({ description: 'mail [email]', data: {} })
  })
})
