import type { Database } from './database'
/** Staff roles and their changes, made by an admin in /admin. */

import { randomId } from './ids'

export interface StaffMember {
  id: string
  name: string
  email: string
  country: string | null
  /** Whether the address was confirmed: staff access opens only then. */
  confirmed: boolean
}

export interface RoleEvent {
  id: string
  at: string
  actorName: string
  actorEmail: string
  targetEmail: string
  action: 'grant' | 'revoke'
  country: string | null
  note: string
}

const rolesOf = (json: string | null): string[] => {
  const parsed = JSON.parse(json ?? '[]') as unknown
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : []
}

/**
 * Data access for granting and revoking staff access. Each change is saved with its event in one batch, and only if
 * the account's roles are still what the admin saw.
 *
 * @example
 * await createRoleStore(env.DB).grantStaff({ actorId, email: 'ada@example.com', country: 'NO', note: '', now })
 */
export function createRoleStore(db: Database) {
  async function change(input: {
    actorId: string
    target: { id: string; roles: string }
    roles: string[]
    /** The account's staff country afterwards (null once revoked). */
    country: string | null
    /** The country the event names: granted, or the one taken away. */
    eventCountry: string | null
    action: 'grant' | 'revoke'
    note: string
    now: Date
  }): Promise<boolean> {
    // A grant needs a confirmed address, in the same statement as the change.
    const confirmed = input.action === 'grant' ? ' AND email_confirmed_at IS NOT NULL' : ''
    const at = input.now.toISOString()
    const eventId = randomId()
    const [updated] = await db.batch([
      db
        .prepare(
          `UPDATE users SET roles = ?2, staff_country = ?3, updated_at = ?5
            WHERE id = ?1 AND roles = ?4 AND erased_at IS NULL${confirmed}`,
        )
        .bind(input.target.id, JSON.stringify(input.roles), input.country, input.target.roles, at),
      db
        .prepare(
          `INSERT INTO role_events (id, actor_id, target_id, action, country_code, note, at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
           WHERE EXISTS (SELECT 1 FROM users WHERE id = ?3 AND roles = ?8 AND updated_at = ?7)`,
        )
        .bind(
          eventId,
          input.actorId,
          input.target.id,
          input.action,
          input.eventCountry,
          input.note,
          at,
          JSON.stringify(input.roles),
        ),
    ])
    return (updated?.meta.changes ?? 0) === 1
  }

  return {
    async staff(): Promise<StaffMember[]> {
      const { results } = await db
        .prepare(
          `SELECT id, name, email, staff_country AS country, email_confirmed_at IS NOT NULL AS confirmed FROM users
           WHERE erased_at IS NULL AND EXISTS (SELECT 1 FROM json_each(users.roles) WHERE value = 'staff')
           ORDER BY staff_country, email`,
        )
        .all<Omit<StaffMember, 'confirmed'> & { confirmed: number }>()
      return results.map((row) => ({ ...row, confirmed: row.confirmed === 1 }))
    },

    /**
     * Makes an account staff of a country: 'noAccount' when no (unerased) account has the address, 'unconfirmed'
     * when its owner has not confirmed it (the UPDATE itself requires the confirmation, so a change of address in
     * between cannot slip through).
     */
    async grantStaff(input: {
      actorId: string
      email: string
      country: string
      note: string
      now: Date
    }): Promise<'ok' | 'noAccount' | 'unconfirmed' | 'changed'> {
      const target = await db
        .prepare(
          'SELECT id, roles, email_confirmed_at AS confirmedAt FROM users WHERE email = ?1 AND erased_at IS NULL',
        )
        .bind(input.email)
        .first<{ id: string; roles: string; confirmedAt: string | null }>()
      if (!target) return 'noAccount'
      if (!target.confirmedAt) return 'unconfirmed'
      const roles = [...rolesOf(target.roles).filter((r) => r !== 'staff'), 'staff']
      const done = await change({ ...input, target, roles, eventCountry: input.country, action: 'grant' })
      return done ? 'ok' : 'changed'
    },

    /** Takes staff access away from an account. */
    async revokeStaff(input: { actorId: string; userId: string; note: string; now: Date }): Promise<'ok' | 'notStaff'> {
      const target = await db
        .prepare(
          `SELECT id, roles, staff_country AS country FROM users WHERE id = ?1 AND erased_at IS NULL
             AND EXISTS (SELECT 1 FROM json_each(users.roles) WHERE value = 'staff')`,
        )
        .bind(input.userId)
        .first<{ id: string; roles: string; country: string | null }>()
      if (!target) return 'notStaff'
      const roles = rolesOf(target.roles).filter((r) => r !== 'staff')
      const done = await change({
        ...input,
        target,
        roles,
        country: null,
        eventCountry: target.country,
        action: 'revoke',
      })
      return done ? 'ok' : 'notStaff'
    },

    async events(limit = 100): Promise<RoleEvent[]> {
      const { results } = await db
        .prepare(
          `SELECT e.id, e.at, a.name AS actorName, a.email AS actorEmail, t.email AS targetEmail, e.action,
             e.country_code AS country, e.note
           FROM role_events e JOIN users a ON a.id = e.actor_id JOIN users t ON t.id = e.target_id
           ORDER BY e.at DESC LIMIT ?1`,
        )
        .bind(limit)
        .all<RoleEvent>()
      return results
    },
  }
}

export type RoleStore = ReturnType<typeof createRoleStore>
