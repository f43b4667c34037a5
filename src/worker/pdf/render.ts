import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import type { ConfirmationDocument, DocumentSection } from '../../routes/order/confirmation-document'
import regularFont from './fonts/Waree.ttf?inline'
import boldFont from './fonts/Waree-Bold.ttf?inline'

// Waree (TLWG, on Bitstream Vera's licence, which allows embedding: fonts/LICENSE-Waree.txt) covers Thai, the euro
// sign and every Latin letter of the 13 locales in one font, so a line never needs a second one.
const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 50
const BODY = 9.5
const LINE = 13.5
const LABEL_WIDTH = 210
const INK = rgb(0.1, 0.1, 0.12)
const ACCENT = rgb(0.05, 0.28, 0.55)

/**
 * The few characters of the catalogs and number formats the font lacks or draws too wide (its no-break spaces are
 * an em wide), written as the font prints them.
 */
const SUBSTITUTES: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2011': '-',
  '\u2060': '',
  '→': '->',
  '₂': '2',
}

/** Text as the font prints it: the characters it lacks replaced by their plain equivalents. */
export function printable(text: string): string {
  return text.replace(/[\u00a0\u202f\u2011\u2060→₂]/g, (char) => SUBSTITUTES[char] ?? char)
}

const bytesOf = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0))

/** Lines of at most `width` points, broken where the language allows (Thai has no spaces between words). */
export function wrap(
  text: string,
  font: Pick<PDFFont, 'widthOfTextAtSize'>,
  size: number,
  width: number,
  locale: string,
): string[] {
  // Punctuation stays with its word: a closing mark or comma with the word before it, an opening one with the next.
  const words: string[] = []
  let opening = ''
  for (const { segment, isWordLike } of new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)) {
    const punctuation = !isWordLike && segment.trim() !== ''
    const last = words.length - 1
    if (punctuation && last >= 0 && !/\s$/.test(words[last] ?? '') && !opening) words[last] += segment
    else if (punctuation) opening += segment
    else {
      words.push(opening + segment)
      opening = ''
    }
  }
  if (opening) words.push(opening)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    const next = line + word
    if (line !== '' && font.widthOfTextAtSize(next.trimEnd(), size) > width) {
      lines.push(line.trimEnd())
      line = word.trimStart()
    } else line = next
  }
  if (line.trim() !== '') lines.push(line.trimEnd())
  return lines
}

/** A writer that moves down the page and starts a new one when the next block does not fit. */
class Writer {
  page: PDFPage
  y = A4.height - MARGIN
  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    readonly locale: string,
  ) {
    this.page = pdf.addPage([A4.width, A4.height])
  }

  room(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.pdf.addPage([A4.width, A4.height])
    this.y = A4.height - MARGIN
  }

  text(text: string, x: number, width: number, options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? BODY
    const font = options.bold ? this.fonts.bold : this.fonts.regular
    const lines = wrap(printable(text), font, size, width, this.locale)
    return lines.map(
      (line, index) => () =>
        this.page.drawText(line, { x, y: this.y - size - index * (size + 4), size, font, color: INK }),
    )
  }
}

function drawSection(writer: Writer, section: DocumentSection, first: boolean) {
  const width = A4.width - 2 * MARGIN
  const inset = section.prominent ? 10 : 0
  const inner = width - 2 * inset
  const headingSize = first ? 17 : 12.5
  const blocks: { height: number; draw: (() => void)[] }[] = []
  const heading = writer.text(section.heading, MARGIN + inset, inner, { bold: true, size: headingSize })
  blocks.push({ height: heading.length * (headingSize + 5) + 4, draw: heading })
  for (const row of section.rows) {
    const left = writer.text(row.label, MARGIN + inset, LABEL_WIDTH - 10, { bold: row.strong ?? false })
    const right = writer.text(row.value, MARGIN + inset + LABEL_WIDTH, inner - LABEL_WIDTH, {
      bold: row.strong ?? false,
    })
    blocks.push({ height: Math.max(left.length, right.length) * LINE + 2, draw: [...left, ...right] })
  }
  for (const paragraph of section.paragraphs) {
    const lines = writer.text(paragraph, MARGIN + inset, inner, { bold: section.prominent ?? false })
    blocks.push({ height: lines.length * LINE + 4, draw: lines })
  }
  const total = blocks.reduce((sum, block) => sum + block.height, 0) + 2 * inset
  // A prominent section stays on one page, in its frame, as does a form; another one may break between its rows.
  if (section.prominent || section.whole) writer.room(total)
  else writer.room((blocks[0]?.height ?? 0) + (blocks[1]?.height ?? 0))
  const top = writer.y
  writer.y -= inset
  for (const block of blocks) {
    writer.room(block.height)
    for (const draw of block.draw) draw()
    writer.y -= block.height
  }
  if (section.prominent) {
    writer.page.drawRectangle({
      x: MARGIN,
      y: top - total,
      width,
      height: total,
      borderColor: ACCENT,
      borderWidth: 2,
    })
    writer.y -= inset
  }
  writer.y -= 12
}

/** The car's picture across the top of the first page, at half its pixels in points, and the space under it. */
async function drawPicture(writer: Writer, pdf: PDFDocument, png: Uint8Array) {
  const image = await pdf.embedPng(png)
  const { width, height } = image.scale(0.5)
  writer.page.drawImage(image, { x: MARGIN, y: writer.y - height, width, height })
  writer.y -= height + 8
}

/**
 * The order confirmation as an A4 PDF: the car's picture when there is one, then one section after another, with the
 * fonts embedded whole.
 *
 * @example
 * const bytes = await renderConfirmation(doc, png)
 */
export async function renderConfirmation(
  doc: ConfirmationDocument,
  picture: Uint8Array | null = null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(fontkit)
  pdf.setTitle(printable(doc.title))
  pdf.setLanguage(doc.locale)
  pdf.setAuthor('Nordvolt')
  pdf.setCreationDate(new Date())
  const fonts = {
    // Whole, not subset: fontkit writes a subset through a bundled stream shim whose tick queue is one per isolate and
    // drained by a timer of whichever request queued first, so a render beside another (a queue consumer's e-mail and
    // a customer's download) could wait forever. The two fonts add about 90 kB, compressed.
    regular: await pdf.embedFont(bytesOf(regularFont)),
    bold: await pdf.embedFont(bytesOf(boldFont)),
  }
  const writer = new Writer(pdf, fonts, doc.locale)
  if (picture) await drawPicture(writer, pdf, picture)
  for (const [index, section] of doc.sections.entries()) drawSection(writer, section, index === 0)
  return pdf.save()
}
