import { timestamp } from 'drizzle-orm/pg-core'

/** When a row was made: every table that records it spells it this way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** `created_at` and `updated_at` (services set `updatedAt` on every change). */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
