import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { timestamps } from './columns.ts'

/** The AI Fields Library: a user's saved AI column prompts (001 §3). */
export const aiFieldTemplates = pgTable(
  'ai_field_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fieldName: text('field_name').notNull(),
    promptTemplate: text('prompt_template').notNull(),
    enableAdvancedSearch: boolean('enable_advanced_search').notNull().default(false),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [index('ai_field_templates_user_updated_idx').on(t.userId, t.updatedAt.desc())],
)
