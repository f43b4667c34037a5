/** Default debounce delay (SPEC §9). */
export const DEBOUNCE_MS = 200
/** Space kept above the first invalid field when scrolling to it, for sticky headers (SPEC §5). */
export const SCROLL_OFFSET_PX = 200

/**
 * Delays calls until `wait` ms have passed without another; `cancel` drops a pending call.
 *
 * @example
 * const save = debounce((q: string) => search(q)) // 200 ms
 */
export function debounce<Args extends unknown[]>(
  fn: (...args: Args) => void,
  wait: number = DEBOUNCE_MS,
): ((...args: Args) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      fn(...args)
    }, wait)
  }
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  return debounced
}

/**
 * Scrolls so the first invalid field in `root` sits `offset` px below the top of the viewport and
 * moves focus to it. Returns the field, or null when every field is valid.
 */
export function scrollToFirstInvalid(
  root: ParentNode = document,
  offset: number = SCROLL_OFFSET_PX,
): HTMLElement | null {
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"], :invalid:not(form):not(fieldset)')
  if (!field) return null
  const top = field.getBoundingClientRect().top + window.scrollY - offset
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' })
  field.focus({ preventScroll: true })
  return field
}
