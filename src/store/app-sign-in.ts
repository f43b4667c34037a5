/** The app's sign-in codes in D1 (migration 0060). Codes arrive here already hashed. */

/** A code as the statement that spent it found it. */
export interface SpentCode {
  userId: string
  expiresAt: string
  /** Whether the session that asked for it has been signed out (or deleted) since. */
  sessionRevoked: boolean
}

export function createAppSignInStore(db: D1Database) {
  return {
    /** Keeps a new code of a signed-in session, for its account. */
    async createCode(input: {
      codeHash: string
      userId: string
      sessionId: string
      now: Date
      expiresAt: Date
    }): Promise<void> {
      await db
        .prepare(
          `INSERT INTO app_sign_in_codes (code_hash, user_id, session_id, created_at, expires_at)
           VALUES (?1, ?2, ?3, ?4, ?5)`,
        )
        .bind(input.codeHash, input.userId, input.sessionId, input.now.toISOString(), input.expiresAt.toISOString())
        .run()
    },

    /**
     * Spends a code: the one statement that marks it used answers what it was, so two exchanges of the same code can
     * never both get it (the second finds it used, and gets null). Null for a code that is unknown or used already.
     * Whether it may still sign anyone in (its expiry, its session, its account) is the caller's to decide.
     */
    async spendCode(codeHash: string, now: Date): Promise<SpentCode | null> {
      const row = await db
        .prepare(
          `UPDATE app_sign_in_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL
           RETURNING user_id AS userId, expires_at AS expiresAt,
             (SELECT revoked_at IS NOT NULL FROM sessions WHERE id = session_id) AS revoked`,
        )
        .bind(codeHash, now.toISOString())
        .first<{ userId: string; expiresAt: string; revoked: number | null }>()
      if (!row) return null
      return { userId: row.userId, expiresAt: row.expiresAt, sessionRevoked: row.revoked !== 0 }
    },

    /** Whether a code was known and spent before (a replay), for the message the webview shows. */
    async wasSpent(codeHash: string): Promise<boolean> {
      const row = await db
        .prepare('SELECT used_at FROM app_sign_in_codes WHERE code_hash = ?1')
        .bind(codeHash)
        .first<{ used_at: string | null }>()
      return row?.used_at !== null && row?.used_at !== undefined
    },
  }
}

export type AppSignInStore = ReturnType<typeof createAppSignInStore>
