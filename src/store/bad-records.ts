import type { z } from 'zod'

/**
 * A record asked for by its id exists but cannot be read (it fails its schema): the page says it cannot be shown
 * rather than that it does not exist. Already reported when thrown.
 */
export class UnreadableRecordError extends Error {
  constructor(
    readonly table: string,
    readonly id: string,
  ) {
    super(`${table} ${id} cannot be read`)
    this.name = 'UnreadableRecordError'
  }
}

/** A stored row that does not fit its schema: which table, which record, and why. */
export interface BadRecord {
  table: string
  id: string
  error: unknown
}

/**
 * What a request's store does with a row that fails its schema: it is left out of the list it was in (or read as
 * not found), and handed to `report` (the worker logs it and sends it to error reporting with its id). Pages ask
 * `badRecords()` to say that something could not be shown.
 */
export function badRecordLog(report: (record: BadRecord) => void = () => {}) {
  const seen: BadRecord[] = []
  return {
    /** Parses a stored JSON text with its schema; null (and reported) when it is not JSON or does not fit. */
    parse<T>(schema: z.ZodType<T>, text: string | null | undefined, where: { table: string; id: string }): T | null {
      let value: unknown
      try {
        value = JSON.parse(text ?? '')
      } catch (error) {
        this.add({ ...where, error })
        return null
      }
      const parsed = schema.safeParse(value)
      if (parsed.success) return parsed.data
      this.add({ ...where, error: parsed.error })
      return null
    },
    add(record: BadRecord): void {
      seen.push(record)
      report(record)
    },
    /** The rows this request could not read, in the order met. */
    records(): readonly BadRecord[] {
      return seen
    },
  }
}

export type BadRecordLog = ReturnType<typeof badRecordLog>
