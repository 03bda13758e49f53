import { and, count, eq } from 'drizzle-orm'
import type { WorkspaceStats } from '#common/schemas/folders'
import { db } from '#server/db/client'
import { csvUploads, exports } from '#server/db/schema/index'
import { countEnrichedRowsOfUser } from '#server/modules/row-storage/ai-values'

/** The home dashboard's counters, all counted from the user's own records. */
export async function getWorkspaceStats({ userId }: { userId: string }): Promise<WorkspaceStats> {
  const [[files], [exported], rowsEnriched] = await Promise.all([
    db
      .select({ value: count() })
      .from(csvUploads)
      .where(and(eq(csvUploads.userId, userId), eq(csvUploads.status, 'completed'))),
    db.select({ value: count() }).from(exports).where(eq(exports.userId, userId)),
    countEnrichedRowsOfUser({ userId }),
  ])
  return { filesProcessed: files?.value ?? 0, rowsEnriched, exportsCreated: exported?.value ?? 0 }
}
