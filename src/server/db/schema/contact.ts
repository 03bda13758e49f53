import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { createdAt } from './columns.ts'

/** Messages sent through the public contact form (001 §3), kept whether or not the mail went out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, when there is one; the form is public. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ipAddress: text('ip_address').notNull(),
    mailStatus: text('mail_status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_email_created_idx').on(t.email, t.createdAt),
    index('contact_messages_ip_created_idx').on(t.ipAddress, t.createdAt),
  ],
)
