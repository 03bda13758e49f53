import type { Database } from '#server/db/client'
import { subscribers } from '#server/db/schema/index'

/** A transaction or the database itself: ledger steps run inside their caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/** Every user has one subscriber row: created at sign-up, or on first use for an older account. */
export async function ensureSubscriber(executor: Executor, userId: string) {
  await executor.insert(subscribers).values({ userId }).onConflictDoNothing()
}
