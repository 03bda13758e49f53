import type { Database } from '#server/db/client'
import { subscribers } from '#server/db/schema/index'

/** A transaction or the database itself: ledger steps run inside their caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/** Every user has one subscriber row, created on first use (sign-up does not need to know). */
export async function ensureSubscriber(executor: Executor, userId: string) {
  await executor.insert(subscribers).values({ userId }).onConflictDoNothing()
}
