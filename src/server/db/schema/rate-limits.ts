import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Fixed one-minute windows of the per-user limits (AI questions, plan runs): one row a key, kept
 * in the database so every API process counts the same requests (`platform/rate-limit.ts`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})
