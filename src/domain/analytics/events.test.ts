import { describe, expect, it } from 'vitest'
import { browseEventOf, scrollDepthsReached, submitEventOf } from './events'
import { AnalyticsBatch } from './events-schema'

describe('browse and submit events', () => {
  it('names the overview, order form and test drive browsing apart from other pages', () => {
    expect(browseEventOf('configuration_overview')).toBe('overview_browse')
    expect(browseEventOf('order_personal_info_submission')).toBe('order_form_browse')
    expect(browseEventOf('book_a_test_drive')).toBe('test_drive_browse')
    expect(browseEventOf('configurator')).toBe('browse')
    expect(submitEventOf('book_a_test_drive')).toBe('test_drive_submit')
    expect(submitEventOf('order_personal_info_submission')).toBe('order_form_submit')
    expect(submitEventOf('order_detail')).toBeNull()
  })
})

describe('scrollDepthsReached', () => {
  it('reports each depth once, when the bottom of the viewport passes it', () => {
    // 0 + 800 of 2000 px seen: 40 % → 25 only.
    expect(scrollDepthsReached(0, 800, 2000, new Set())).toEqual([25])
    // 700 + 800 = 1500 of 2000: 75 %; 25 was sent.
    expect(scrollDepthsReached(700, 800, 2000, new Set([25]))).toEqual([50, 75])
    expect(scrollDepthsReached(1200, 800, 2000, new Set([25, 50, 75]))).toEqual([100])
    expect(scrollDepthsReached(1200, 800, 2000, new Set([25, 50, 75, 100]))).toEqual([])
    expect(scrollDepthsReached(0, 800, 0, new Set())).toEqual([])
  })
})

describe('AnalyticsBatch', () => {
  const event = {
    event: 'scroll',
    label: 'configurator',
    country: 'NO',
    language: 'nb-NO',
    channel: 10,
    deviceId: '3b241101-e2bb-4255-8caf-4136c566a962',
    platform: 'PC',
    device: 'mac',
    depth: 50,
  }

  it('accepts a batch of well-formed events', () => {
    expect(AnalyticsBatch.safeParse({ events: [event] }).success).toBe(true)
  })

  it('refuses unknown fields, unknown events, odd depths and non-random device ids', () => {
    expect(AnalyticsBatch.safeParse({ events: [{ ...event, email: 'a@b.c' }] }).success).toBe(false)
    expect(AnalyticsBatch.safeParse({ events: [{ ...event, event: 'click' }] }).success).toBe(false)
    expect(AnalyticsBatch.safeParse({ events: [{ ...event, depth: 33 }] }).success).toBe(false)
    expect(AnalyticsBatch.safeParse({ events: [{ ...event, deviceId: 'ada@example.com' }] }).success).toBe(false)
    expect(AnalyticsBatch.safeParse({ events: [] }).success).toBe(false)
    expect(AnalyticsBatch.safeParse({ events: Array.from({ length: 21 }, () => event) }).success).toBe(false)
  })
})
