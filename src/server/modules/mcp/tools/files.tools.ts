import { z } from 'zod'
import { CHAT, MCP, PAGE_SIZES, SEARCH } from '#common/constants'
import { rowFilterSchema, rowSortSchema } from '#common/schemas/rows'
import { conditionSchema } from '#common/schemas/plans'
import { listAiFields } from '#server/modules/enrichment/ai-fields.service'
import { listFolders } from '#server/modules/folders/folders.service'
import { listRows } from '#server/modules/rows/rows.service'
import { searchRows } from '#server/modules/search/search.service'
import { describeUpload, listUploads } from '#server/modules/uploads/uploads.service'
import { compactRows } from '../lib/compact.ts'
import { defineTool, fileIdOrThrow } from '../mcp-tool.ts'

/** The read tools over files and rows: the same services as GET /uploads, /folders, /rows, /search. */

export const fileIdInput = z.string().max(100).describe('The file id (from list_files).')

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

export const listFilesTool = defineTool({
  name: 'list_files',
  title: 'List files',
  description: `Lists the user's files (uploaded CSV or Excel tables) and their folders: each file's id, name, folder, import status, row count and AI column count, newest first. Start here to find a file's id. At most ${MCP.maxFilesShown} files a page: when "truncated" is true, call again with the next "page". "query" matches file names. Costs nothing and calls no AI model.`,
  scope: 'read',
  input: z.object({
    query: z.string().trim().max(200).optional().describe('Part of a file name to match (case-insensitive).'),
    page: z.number().int().min(1).max(10_000).default(1).describe('The page of files, from 1.'),
  }),
  annotations: readOnly,
  async run({ query, page }, { user }) {
    const [files, folders] = [
      await listUploads({ userId: user.id, q: query || undefined, page, perPage: MCP.maxFilesShown }),
      await listFolders({ userId: user.id, sort: 'name_asc' }),
    ]
    const folderName = new Map(folders.data.map((folder) => [folder.id, folder.name]))
    return {
      folders: folders.data.map((folder) => ({ id: folder.id, name: folder.name, files: folder.fileCount })),
      files: files.data.map((file) => ({
        id: file.id,
        name: file.filename,
        folder: file.folderId ? (folderName.get(file.folderId) ?? null) : null,
        folderId: file.folderId,
        status: file.status,
        rows: file.validRows,
        aiColumns: file.aiFieldCount,
        updatedAt: file.updatedAt,
      })),
      page: files.page,
      totalPages: files.totalPages,
      total: files.count,
      truncated: files.page < files.totalPages,
    }
  },
})

export const describeFileTool = defineTool({
  name: 'describe_file',
  title: 'Describe a file',
  description:
    "Describes one file's table: its row count and, per column, the name to use in plans and views, the key (c1, c2, ...) read_rows' filters and sort take, the type, how many rows are filled and empty (exact, over every row), the most common values, a few samples and number or date ranges; and its AI columns with their ids and run status. Call it before writing a plan so conditions name real columns and compare with values that occur. Costs nothing and calls no AI model.",
  scope: 'read',
  input: z.object({ fileId: fileIdInput }),
  annotations: readOnly,
  async run({ fileId }, { user }) {
    const uploadId = fileIdOrThrow(fileId)
    const { upload, columns, profile } = await describeUpload({ userId: user.id, uploadId })
    const { fields } = await listAiFields({ userId: user.id, uploadId })
    const figures = new Map(profile.columns.map((column) => [column.name, column]))
    return {
      file: { id: upload.id, name: upload.filename, rows: profile.totalRows },
      columns: columns.map((column) => {
        const profiled = figures.get(column.name)
        return {
          name: column.name,
          key: column.key,
          type: column.type,
          kind: column.kind,
          ...(column.hidden ? { hidden: true } : {}),
          ...(profiled
            ? {
                filled: profiled.filled,
                empty: profiled.empty,
                commonValues: profiled.commonValues,
                samples: profiled.samples,
                ...(profiled.numberRange ? { numberRange: profiled.numberRange } : {}),
                ...(profiled.dateRange ? { dateRange: profiled.dateRange } : {}),
              }
            : {}),
        }
      }),
      aiColumns: fields.map((field) => ({ columnId: field.id, name: field.name, status: field.status, processedRows: field.processedRows, totalRows: field.totalRows })),
      sampledRows: profile.sampledRows,
      note: `Counts and ranges are exact over every row; common values and samples come from ${profile.sampledRows} rows spread over the file.`,
      truncated: columns.length > CHAT.maxColumnsDescribed,
      ...(columns.length > CHAT.maxColumnsDescribed ? { figuresFor: `the first ${CHAT.maxColumnsDescribed} columns` } : {}),
    }
  },
})

export const searchRowsTool = defineTool({
  name: 'search_rows',
  title: 'Search rows across files',
  description: `Finds rows containing a term in every column of every imported file of the user (names, e-mails, companies, AI answers alike). Answers at most ${SEARCH.maxResults} hits, best first (values starting with the term, then shorter values), each with the file id, row index (0-based) and row number (what the app shows: index + 1), the column and value that matched and two other values of the row. To read more rows of one file, use read_rows with "query". Costs nothing and calls no AI model.`,
  scope: 'read',
  input: z.object({ query: z.string().trim().min(1).max(SEARCH.termMaxLength).describe('The text to look for.') }),
  annotations: readOnly,
  async run({ query }, { user }) {
    const { term, hits } = await searchRows({ userId: user.id, q: query })
    return {
      term,
      hits: hits.map((hit) => ({
        fileId: hit.uploadId,
        fileName: hit.fileName,
        rowIndex: hit.rowIndex,
        rowNumber: hit.rowIndex + 1,
        column: hit.field.name,
        value: hit.field.value,
        context: Object.fromEntries(hit.context.map((field) => [field.name, field.value])),
      })),
      truncated: hits.length >= SEARCH.maxResults,
      ...(hits.length >= SEARCH.maxResults ? { note: `Only the first ${SEARCH.maxResults} hits are given; there may be more.` } : {}),
    }
  },
})

export const readRowsTool = defineTool({
  name: 'read_rows',
  title: 'Read rows of a view',
  description: `Reads one page of a file's rows, as the grid shows them: values keyed by column name, each row with its rowIndex (0-based, what other tools take) and rowNumber (the grid's '#', what people read). A view narrows and orders them: "query" searches every column, "where" is a condition tree naming columns by name (the run_plan contract's "where"), "filters" and "sort" name columns by key (from describe_file). "count" is the rows in the view (when "isCountExact" is false, at least that many). Values longer than ${MCP.maxValueChars} characters are cut ("cutValues" says how many). For counts, sums and groups over all rows use run_plan instead of paging. Costs nothing and calls no AI model.`,
  scope: 'read',
  input: z.object({
    fileId: fileIdInput,
    query: z.string().trim().max(200).optional().describe('Text to search for in every column.'),
    where: conditionSchema.optional().describe('A condition tree, e.g. {"all":[{"column":"Country","op":"equals","value":"France"}]}.'),
    filters: z.array(rowFilterSchema).max(20).optional().describe('Grid filters, all applied together: {"column":"c3","operator":"contains","value":"acme"}.'),
    sort: rowSortSchema.optional().describe('{"column":"c2","direction":"asc"}'),
    page: z.number().int().min(1).max(1_000_000).default(1),
    perPage: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Rows a page is one of ${PAGE_SIZES.join(', ')}.`)
      .default(25)
      .describe(`Rows a page: one of ${PAGE_SIZES.join(', ')}.`),
  }),
  annotations: readOnly,
  async run({ fileId, query, where, filters, sort, page, perPage }, { user }) {
    const result = await listRows({ userId: user.id, uploadId: fileIdOrThrow(fileId), page, perPage, keyBy: 'name', q: query, where, filters: filters ?? [], sort })
    const { rows, cutValues } = compactRows(result.data)
    return {
      count: result.count,
      isCountExact: result.isCountExact,
      page: result.page,
      perPage: result.perPage,
      totalPages: result.totalPages,
      rows,
      cutValues,
      truncated: result.page < result.totalPages || cutValues > 0,
    }
  },
})

