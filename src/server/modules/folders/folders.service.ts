import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm'
import { FOLDER_RULES } from '#common/constants'
import { FOLDER_MESSAGES } from '#common/messages'
import type { CreateFolderInput, FolderSummary, WorkspaceSort } from '#common/schemas/folders'
import { db } from '#server/db/client'
import { csvUploads, folders } from '#server/db/schema/index'
import { AppError } from '#server/platform/app-error'
import { publish } from '#server/platform/events'
import { likePattern } from '#server/platform/like-pattern'

type FolderRow = typeof folders.$inferSelect

const orderOf: Record<WorkspaceSort, SQL[]> = {
  updated_desc: [desc(folders.updatedAt), desc(folders.id)],
  updated_asc: [asc(folders.updatedAt), asc(folders.id)],
  created_desc: [desc(folders.createdAt), desc(folders.id)],
  created_asc: [asc(folders.createdAt), asc(folders.id)],
  name_asc: [asc(folders.name), asc(folders.id)],
  name_desc: [desc(folders.name), desc(folders.id)],
}

function toFolder(row: FolderRow, fileCount: number): FolderSummary {
  return {
    id: row.id,
    name: row.name,
    color: row.color ?? FOLDER_RULES.colors[0],
    fileCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function getFolderOrThrow({ userId, folderId }: { userId: string; folderId: string }) {
  const [folder] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
  if (!folder) throw new AppError('NOT_FOUND', FOLDER_MESSAGES.folderNotFound)
  return folder
}

/** The user's folders with their file counts, matching `q` by name when given. */
export async function listFolders({ userId, q, sort }: { userId: string; q?: string; sort: WorkspaceSort }) {
  const where = q ? and(eq(folders.userId, userId), ilike(folders.name, likePattern(q))) : eq(folders.userId, userId)
  const rows = await db
    .select({ folder: folders, fileCount: count(csvUploads.id) })
    .from(folders)
    .leftJoin(csvUploads, and(eq(csvUploads.folderId, folders.id), eq(csvUploads.userId, userId)))
    .where(where)
    .groupBy(folders.id)
    .orderBy(...orderOf[sort])
  return { data: rows.map(({ folder, fileCount }) => toFolder(folder, fileCount)) }
}

export async function createFolder({ userId, name }: { userId: string } & CreateFolderInput) {
  // Colours go round in order so neighbouring folders differ (the original's rule is not shown).
  const [existing] = await db.select({ value: count() }).from(folders).where(eq(folders.userId, userId))
  const color = FOLDER_RULES.colors[(existing?.value ?? 0) % FOLDER_RULES.colors.length]
  const [folder] = await db.insert(folders).values({ userId, name, color }).returning()
  await publish(userId, { type: 'workspace.changed', entity: 'folder', id: folder!.id })
  return toFolder(folder!, 0)
}

/** Deletes a folder; its files stay and move to the root (the foreign key sets folder_id to null). */
export async function deleteFolder({ userId, folderId }: { userId: string; folderId: string }) {
  await getFolderOrThrow({ userId, folderId })
  const moved = await db.transaction(async (tx) => {
    const files = await tx
      .update(csvUploads)
      .set({ folderId: null, updatedAt: new Date() })
      .where(and(eq(csvUploads.folderId, folderId), eq(csvUploads.userId, userId)))
      .returning({ id: csvUploads.id })
    await tx.delete(folders).where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
    return files.length
  })
  await publish(userId, { type: 'workspace.changed', entity: 'folder', id: folderId })
  return { id: folderId, movedToRoot: moved }
}
