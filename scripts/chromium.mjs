// Debian's Chromium as every script and browser test launches it: headless, with nothing that
// reaches the network by itself (no updates, sync or background requests).

/** Where the browser is: CHROME_PATH, or Debian's package. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/** The command-line flags of every launch. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
