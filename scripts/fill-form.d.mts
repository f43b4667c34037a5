import type { Locator } from 'playwright-core'

/** Fills a form's visible, empty fields as a German customer would (scripts/fill-form.mjs). */
export declare function fillRequired(form: Locator, emailTag?: string): Promise<void>
