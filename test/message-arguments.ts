import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser'

/**
 * The arguments a parsed message needs, with a value of the right kind for each: `count` for numbers and plurals, a
 * marked word for a plain argument; the branches of a plural or select are searched for theirs.
 *
 * @example
 * argumentsOf(parse('{n, plural, one {# car} other {# cars}} for {name}'), 2) // { n: 2, name: '«name»' }
 */
export function argumentsOf(
  elements: MessageFormatElement[],
  count: number,
  out: Record<string, string | number> = {},
): Record<string, string | number> {
  for (const el of elements) {
    // A select's own argument is a marked word too: it takes the `other` branch.
    if (el.type === TYPE.argument || el.type === TYPE.select) out[el.value] ??= `«${el.value}»`
    if (el.type === TYPE.number || el.type === TYPE.plural) out[el.value] = count
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, count, out)
  }
  return out
}
