import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib'

const latin1 = new TextDecoder('latin1')

function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) return ''
  return latin1.decode(decodePDFRawStream(stream).decode())
}

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)))

/** A ToUnicode CMap (bfchar and bfrange entries) as glyph code → text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code = '', text = ''] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code.toUpperCase(), utf16(text))
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from = '', to = '', rest = ''] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = Number.parseInt(from, 16)
      const targets = rest.startsWith('[') ? [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '') : null
      for (let code = start; code <= Number.parseInt(to, 16); code++) {
        const key = code.toString(16).toUpperCase().padStart(from.length, '0')
        if (targets) map.set(key, utf16(targets[code - start] ?? ''))
        else {
          const base = utf16(rest.slice(1, -1))
          map.set(key, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - start))
        }
      }
    }
  return map
}

/**
 * The page count and the text layer of a PDF written with Identity-H fonts (as pdf-lib embeds a custom font): each
 * shown string decoded through its font's ToUnicode map, one line per text run.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict)
    const maps = new Map<string, Map<string, string>>()
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = pdf.context.lookup(ref as PDFRef, PDFDict)
      maps.set(name.toString(), toUnicode(streamText(font.lookup(PDFName.of('ToUnicode')))))
    }
    const contents = page.node.Contents()
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents]
    let map = new Map<string, string>()
    for (const content of streams.map(streamText))
      for (const [, font, hex] of content.matchAll(/(\/[\w-]+) [\d.]+ Tf|<([0-9a-fA-F]*)> Tj/g)) {
        if (font) map = maps.get(font) ?? new Map()
        else if (hex !== undefined)
          lines.push((hex.match(/.{4}/g) ?? []).map((code) => map.get(code.toUpperCase()) ?? '').join(''))
      }
  }
  return { pages: pdf.getPageCount(), text: lines.join('\n') }
}
