/**
 * What the stores use of D1: a request's D1 session (the Sessions API, `worker/d1-session.ts`) or, for the queue
 * consumers and the scheduled jobs, the database itself.
 */
export type Database = Pick<D1Database, 'prepare' | 'batch'>
