/** Where the browser is (scripts/chromium.mjs): CHROME_PATH, or Debian's package. */
export declare const CHROMIUM_PATH: string
/** The command-line flags of every launch. */
export declare const CHROMIUM_FLAGS: readonly string[]
