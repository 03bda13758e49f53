import { z } from 'zod'
import { FOLDER_RULES, WORKSPACE_SORTS } from '../constants.ts'
import { listQuerySchema } from './list.ts'

/** Folders and the File Storage lists (001 §2 "File Storage", §3 Folder, §5, §9 sort options). */

export const workspaceSortSchema = z.enum(WORKSPACE_SORTS)
export type WorkspaceSort = z.infer<typeof workspaceSortSchema>

export const createFolderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a folder name.')
    .max(FOLDER_RULES.nameMaxLength, `Folder names are at most ${FOLDER_RULES.nameMaxLength} characters.`),
})
export type CreateFolderInput = z.infer<typeof createFolderSchema>

export const listFoldersQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: workspaceSortSchema.default('updated_desc'),
})
export type ListFoldersQuery = z.infer<typeof listFoldersQuerySchema>

export const folderSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  fileCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type FolderSummary = z.infer<typeof folderSummarySchema>

export const folderListSchema = z.object({ data: z.array(folderSummarySchema) })

/** DELETE /api/folders/:id: its files moved to the root. */
export const deletedFolderSchema = z.object({ id: z.string(), movedToRoot: z.number().int() })

/** Moving a file: a folder id, or null for the root ('No Folder (Root)'). */
export const moveUploadSchema = z.object({ folderId: z.uuid('Choose a folder.').nullable() })
export type MoveUploadInput = z.infer<typeof moveUploadSchema>

export const listUploadsQuerySchema = listQuerySchema().extend({
  q: z.string().trim().max(200).optional(),
  sort: workspaceSortSchema.default('updated_desc'),
})
export type ListUploadsQuery = z.infer<typeof listUploadsQuerySchema>

/** The home dashboard's three counters. */
export const workspaceStatsSchema = z.object({
  filesProcessed: z.number().int(),
  rowsEnriched: z.number().int(),
  exportsCreated: z.number().int(),
})
export type WorkspaceStats = z.infer<typeof workspaceStatsSchema>
