import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { stringChunks } from '../build/react-string-chunks.mjs'

// The files the Worker's build takes (vite.config.ts): React's production builds, read by their place (the tests run
// with React's development build, whose elements the production renderer does not take).
const nodeModule = (path: string) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url))
const edgeRenderer = nodeModule('react-dom/cjs/react-dom-server.edge.production.js')
const load = createRequire(import.meta.url)
const React = load(nodeModule('react/cjs/react.production.js')) as typeof import('react')
const ReactDOM = load(nodeModule('react-dom/cjs/react-dom.production.js')) as unknown
const require = (name: string) => ({ react: React, 'react-dom': ReactDOM })[name] ?? load(name)
const { createElement: h, Suspense } = React

type RenderToReadableStream = (
  element: ReactNode,
  options?: { nonce?: string; bootstrapScriptContent?: string },
) => Promise<ReadableStream<Uint8Array>>

/** Evaluates the renderer's module with a TextEncoder that counts `encode` calls; returns its renderer and the count. */
function evaluate(code: string) {
  const counter = { encodes: 0 }
  class CountingEncoder extends TextEncoder {
    override encode(input?: string): Uint8Array<ArrayBuffer> {
      counter.encodes += 1
      return super.encode(input)
    }
  }
  const module = { exports: {} as { renderToReadableStream: RenderToReadableStream } }
  new Function('module', 'exports', 'require', 'TextEncoder', code)(module, module.exports, require, CountingEncoder)
  return { render: module.exports.renderToReadableStream, counter }
}

/** The streamed response as its chunks of bytes, in order. */
async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

function joined(chunks: Uint8Array[]): Buffer {
  return Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)))
}

/** Text of every script a storefront page shows, with attributes to escape and an inner HTML above 4 kB. */
const TEXTS = ['Konfigurer bilen', 'Þjónustuver á Íslandi', 'กำหนดค่ารถยนต์ของคุณ', 'A < B & "C" 🚗 ≥ 1 234,56 kr']
function Page({ rows }: { rows: number }) {
  const items = []
  for (let i = 0; i < rows; i++) {
    const text = TEXTS[i % TEXTS.length] ?? ''
    items.push(
      h(
        'li',
        { key: i, className: `row row--${i % 3}`, 'data-text': text, 'aria-label': text },
        h('a', { href: `/no/configurator/p5?paint=arctic-white&n=${i}&q=${encodeURIComponent(text)}` }, text),
        ' ',
        i,
      ),
    )
  }
  return h(
    'html',
    { lang: 'nb-NO' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Nordvolt P5 – ţ')),
    h(
      'body',
      null,
      h('style', { dangerouslySetInnerHTML: { __html: `.row{color:#123}\n${'.x{margin:0}'.repeat(600)}` } }),
      h('ul', null, items),
    ),
  )
}

/** A part of the page that arrives later: the shell streams first, then this boundary's content. */
function Later({ text }: { text: string }): ReactNode {
  const state = (Later as unknown as { done?: boolean }).done
  if (!state) {
    throw new Promise<void>((resolve) =>
      setTimeout(() => {
        ;(Later as unknown as { done?: boolean }).done = true
        resolve()
      }, 5),
    )
  }
  return h('p', { className: 'later' }, text.repeat(300))
}

describe("the Worker's React renderer (string pieces encoded in batches)", () => {
  const original = evaluate(readFileSync(edgeRenderer, 'utf8'))
  const patched = evaluate(stringChunks(readFileSync(edgeRenderer, 'utf8')))
  // As the Worker renders: the page's script is started by an inline loader (startAfterFirstPaint).
  const options = {
    nonce: 'n0nce',
    bootstrapScriptContent: 'if(a.indexOf("p")<0)import("/assets/configurator.js?v=1")',
  }

  it('writes a page byte for byte as React does, in Norwegian, Icelandic, Thai and with emoji', async () => {
    for (const rows of [0, 1, 40, 600]) {
      const expected = joined(await chunksOf(await original.render(h(Page, { rows }), options)))
      const actual = joined(await chunksOf(await patched.render(h(Page, { rows }), options)))
      expect(actual.equals(expected), `${rows} rows`).toBe(true)
    }
  })

  it('encodes once per ~4 kB written instead of once per attribute and text', async () => {
    original.counter.encodes = 0
    patched.counter.encodes = 0
    const bytes = joined(await chunksOf(await original.render(h(Page, { rows: 600 }), options))).length
    await chunksOf(await patched.render(h(Page, { rows: 600 }), options))
    expect(original.counter.encodes).toBeGreaterThan(3000)
    // Each batch holds at least 4,096 characters, which are at least as many bytes.
    expect(patched.counter.encodes).toBeLessThanOrEqual(Math.ceil(bytes / 4096) + 2)
  })

  it('still streams: the shell and a suspended part arrive as separate chunks, with the same bytes as React', async () => {
    const tree = () =>
      h(
        'main',
        null,
        h('h1', null, 'Leveranse'),
        h(Suspense, { fallback: h('p', null, 'Laster …') }, h(Later, { text: 'Þú færð bílinn í viku 12. ' })),
      )
    ;(Later as unknown as { done?: boolean }).done = false
    const expected = await chunksOf(await original.render(tree(), options))
    ;(Later as unknown as { done?: boolean }).done = false
    const actual = await chunksOf(await patched.render(tree(), options))
    expect(joined(actual).equals(joined(expected))).toBe(true)
    const first = Buffer.from(actual[0] ?? new Uint8Array()).toString('utf8')
    expect(first).toContain('Laster …')
    expect(first).not.toContain('Þú færð')
    expect(actual.length).toBeGreaterThan(1)
  })

  it('refuses a React DOM whose code it no longer finds, rather than building without the change', () => {
    const code = readFileSync(edgeRenderer, 'utf8')
    expect(() =>
      stringChunks(code.replace('function stringToChunk(content) {', 'function stringToChunk(c) {')),
    ).toThrow(/stringToChunk found 0 times/)
  })
})
