import { z } from 'zod'
import type { Account } from '../domain/account/account'
import { type BadRecordLog, badRecordLog } from './bad-records'
import type { Database } from './database'
/** Accounts and sessions in D1. Passwords and refresh tokens arrive here already hashed. */

/** An account as stored: the account and its password's hash, salt and iterations. */
export interface UserRecord extends Account {
  passwordHash: string
  passwordSalt: string
  passwordIterations: number
  createdAt: string
}

export interface SessionRecord {
  id: string
  userId: string
  familyId: string
  createdAt: string
  expiresAt: string
  rotatedAt: string | null
  revokedAt: string | null
}

interface UserRow {
  id: string
  email: string
  name: string
  phone: string
  types: string
  roles: string | null
  staff_country: string | null
  email_confirmed_at: string | null
  password_hash: string
  password_salt: string
  password_iterations: number
  created_at: string
}

const UserTypes = z.array(z.number().int())
const UserRoles = z.array(z.string())

/**
 * A row as an account. Types or roles that fail their schema are read as none (a potential customer without staff
 * access, the safe reading) and reported: one bad row never takes down every page its owner opens.
 */
function toUser(row: UserRow, bad: BadRecordLog): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    types: bad.parse(UserTypes, row.types, { table: 'users.types', id: row.id }) ?? [],
    roles: bad.parse(UserRoles, row.roles ?? '[]', { table: 'users.roles', id: row.id }) ?? [],
    emailConfirmed: row.email_confirmed_at !== null,
    staffCountry: row.staff_country,
    passwordHash: row.password_hash,
    passwordSalt: row.password_salt,
    passwordIterations: row.password_iterations,
    createdAt: row.created_at,
  }
}

const SESSION_COLUMNS = `id, user_id AS userId, family_id AS familyId, created_at AS createdAt, expires_at AS expiresAt,
  rotated_at AS rotatedAt, revoked_at AS revokedAt`

/**
 * Data access for accounts, sessions and attempt counters.
 *
 * @example
 * const accounts = createAccountStore(env.DB)
 * const user = await accounts.findUserByEmail('ada@example.com')
 */
export function createAccountStore(db: Database, bad: BadRecordLog = badRecordLog()) {
  return {
    /** Creates an account; null when the e-mail is already taken. */
    async createUser(input: {
      email: string
      name: string
      passwordHash: string
      passwordSalt: string
      passwordIterations: number
      now: Date
    }): Promise<UserRecord | null> {
      const id = crypto.randomUUID()
      const at = input.now.toISOString()
      const row = await db
        .prepare(
          `INSERT INTO users (id, email, name, password_hash, password_salt, password_iterations, types, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, '[]', ?7, ?7)
           ON CONFLICT (email) DO NOTHING
           RETURNING *`,
        )
        .bind(id, input.email, input.name, input.passwordHash, input.passwordSalt, input.passwordIterations, at)
        .first<UserRow>()
      return row ? toUser(row, bad) : null
    },

    async findUserByEmail(email: string): Promise<UserRecord | null> {
      const row = await db.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>()
      return row ? toUser(row, bad) : null
    },

    async findUserById(id: string): Promise<UserRecord | null> {
      const row = await db.prepare('SELECT * FROM users WHERE id = ?1').bind(id).first<UserRow>()
      return row ? toUser(row, bad) : null
    },

    /** The name and address to write to, while the account is not erased; null otherwise. */
    contactOf(id: string): Promise<{ name: string; email: string } | null> {
      return db
        .prepare('SELECT name, email FROM users WHERE id = ?1 AND erased_at IS NULL')
        .bind(id)
        .first<{ name: string; email: string }>()
    },

    /** Updates name, e-mail and phone; false when the new e-mail belongs to another account. */
    async updateProfile(
      id: string,
      profile: { name: string; email: string; phone: string },
      now: Date,
    ): Promise<boolean> {
      const taken = await db
        .prepare('SELECT 1 FROM users WHERE email = ?1 AND id != ?2')
        .bind(profile.email, id)
        .first()
      if (taken) return false
      await db
        .prepare('UPDATE users SET name = ?2, email = ?3, phone = ?4, updated_at = ?5 WHERE id = ?1')
        .bind(id, profile.name, profile.email, profile.phone, now.toISOString())
        .run()
      return true
    },

    async setUserTypes(id: string, types: readonly number[]): Promise<void> {
      await db.prepare('UPDATE users SET types = ?2 WHERE id = ?1').bind(id, JSON.stringify(types)).run()
    },

    async createSession(input: {
      userId: string
      familyId: string
      refreshHash: string
      now: Date
      expiresAt: Date
    }): Promise<string> {
      const id = crypto.randomUUID()
      await db
        .prepare(
          `INSERT INTO sessions (id, user_id, family_id, refresh_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
        )
        .bind(
          id,
          input.userId,
          input.familyId,
          input.refreshHash,
          input.now.toISOString(),
          input.expiresAt.toISOString(),
        )
        .run()
      return id
    },

    async findSessionById(id: string): Promise<SessionRecord | null> {
      return db.prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?1`).bind(id).first<SessionRecord>()
    },

    async findSessionByRefreshHash(hash: string): Promise<SessionRecord | null> {
      return db
        .prepare(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE refresh_hash = ?1`)
        .bind(hash)
        .first<SessionRecord>()
    },

    /**
     * Marks a session rotated, once: false when another request rotated (or revoked) it first, which
     * the caller treats as reuse.
     */
    async markRotated(id: string, now: Date): Promise<boolean> {
      const result = await db
        .prepare('UPDATE sessions SET rotated_at = ?2 WHERE id = ?1 AND rotated_at IS NULL AND revoked_at IS NULL')
        .bind(id, now.toISOString())
        .run()
      return result.meta.changes === 1
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .prepare('UPDATE sessions SET revoked_at = ?2 WHERE family_id = ?1 AND revoked_at IS NULL')
        .bind(familyId, now.toISOString())
        .run()
    },

    /**
     * Counts one attempt under each key, atomically (one upsert per key, one batch): the counts including this one,
     * within the window; a key's count starts again once its window has passed.
     */
    async countAttempts(keys: readonly string[], now: Date, windowMs: number): Promise<number[]> {
      if (keys.length === 0) return []
      const windowStart = new Date(now.getTime() - windowMs).toISOString()
      const results = await db.batch<{ failures: number }>(
        keys.map((key) =>
          db
            .prepare(
              `INSERT INTO attempt_counters (key, failures, window_started_at) VALUES (?1, 1, ?2)
               ON CONFLICT (key) DO UPDATE SET
                 failures = CASE WHEN window_started_at < ?3 THEN 1 ELSE failures + 1 END,
                 window_started_at = CASE WHEN window_started_at < ?3 THEN ?2 ELSE window_started_at END
               RETURNING failures`,
            )
            .bind(key, now.toISOString(), windowStart),
        ),
      )
      return results.map((result) => result.results[0]?.failures ?? 1)
    },

    /**
     * Lifts every sign-in lock of an address (`key`, and `key|<client>` of each client): after a password reset,
     * which proves the inbox.
     */
    async clearAttemptsOf(key: string): Promise<void> {
      await db
        .prepare(`DELETE FROM attempt_counters WHERE key = ?1 OR substr(key, 1, length(?1) + 1) = ?1 || '|'`)
        .bind(key)
        .run()
    },

    /** After a success: clears the `cleared` keys' counters and gives one attempt back to each `returned` key. */
    async releaseAttempts(cleared: readonly string[], returned: readonly string[]): Promise<void> {
      const statements = [
        ...cleared.map((key) => db.prepare('DELETE FROM attempt_counters WHERE key = ?1').bind(key)),
        ...returned.map((key) =>
          db.prepare('UPDATE attempt_counters SET failures = MAX(failures - 1, 0) WHERE key = ?1').bind(key),
        ),
      ]
      if (statements.length > 0) await db.batch(statements)
    },

    async configurationsOf(userId: string): Promise<{ id: string; modelCode: string; createdAt: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT id, model_code AS modelCode, created_at AS createdAt FROM configurations WHERE owner_id = ?1 ORDER BY created_at DESC`,
        )
        .bind(userId)
        .all<{ id: string; modelCode: string; createdAt: string }>()
      return results
    },

    async ordersOf(userId: string): Promise<{ id: string; createdAt: string }[]> {
      const { results } = await db
        .prepare(`SELECT id, created_at AS createdAt FROM orders WHERE owner_id = ?1 ORDER BY created_at DESC`)
        .bind(userId)
        .all<{ id: string; createdAt: string }>()
      return results
    },
  }
}

export type AccountStore = ReturnType<typeof createAccountStore>
