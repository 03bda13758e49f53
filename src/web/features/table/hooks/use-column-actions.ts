import { toast } from 'sonner'
import { COLUMN_MESSAGES, DATE_ORDER_MESSAGES, FORMULA_EDITOR_MESSAGES, GRID_MESSAGES } from '#common/messages'
import type { ColumnType, DateOrder, UploadColumn } from '#common/schemas/uploads'
import { ApiError, errorMessage, errorStatus } from '#web/lib/api-client'
import { useAddColumn } from '../api/add-column'
import { useDeleteColumn } from '../api/delete-column'
import { useReorderColumns } from '../api/reorder-columns'
import { checkDateOrder, useSetDateOrder } from '../api/set-date-order'
import { useUpdateColumn } from '../api/update-column'
import { checkColumnName, moveColumnKey, sortedColumns } from '../lib/column-rules'

/** A formula saved, or why not: a problem with its place for the editor to show, or a toast already shown. */
export type FormulaSaveResult = { ok: true } | { ok: false; problem?: { message: string; at: number } }

/** The server's 422 about a formula (`character 14: unknown function LWOER`, `details.at`), for the editor to show inline. */
function formulaProblemOf(error: unknown): { message: string; at: number } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  // Only the formula's own problems carry a place; any other 422 (a name) is a toast.
  const at = (error.details as { at?: unknown } | undefined)?.at
  return typeof at === 'number' ? { message: error.message, at } : null
}

/** Every column change of the grid, with the spec's checks and toasts (001 §5, §8). */
export function useColumnActions(uploadId: string, columns: UploadColumn[]) {
  const update = useUpdateColumn(uploadId)
  const add = useAddColumn(uploadId)
  const remove = useDeleteColumn(uploadId)
  const reorder = useReorderColumns(uploadId)
  const dateOrder = useSetDateOrder(uploadId)

  const nameIsAllowed = (input: string, currentKey?: string) => {
    const check = checkColumnName(input, columns, currentKey)
    if (check.ok) return check.name
    if (check.reason === 'ai_conflict') toast.error(COLUMN_MESSAGES.nameConflictTitle, { description: COLUMN_MESSAGES.aiNameConflict(check.name) })
    return null
  }

  return {
    isAdding: add.isPending,
    deletingKey: remove.isPending ? remove.variables : null,
    rename: async (key: string, input: string): Promise<boolean> => {
      const name = nameIsAllowed(input, key)
      if (name === null) return false
      try {
        await update.mutateAsync({ key, name })
        toast.success(COLUMN_MESSAGES.columnRenamed)
        return true
      } catch (error) {
        toast.error(errorStatus(error) === 409 ? COLUMN_MESSAGES.nameConflictTitle : COLUMN_MESSAGES.renameFailed, { description: errorMessage(error, undefined) })
        return false
      }
    },
    add: async (input: string, type: ColumnType): Promise<boolean> => {
      const name = nameIsAllowed(input)
      if (name === null) return false
      try {
        await add.mutateAsync({ name, type })
        toast.success(COLUMN_MESSAGES.columnAdded)
        return true
      } catch (error) {
        toast.error(errorStatus(error) === 409 ? COLUMN_MESSAGES.nameConflictTitle : COLUMN_MESSAGES.addFailed, { description: errorMessage(error, undefined) })
        return false
      }
    },
    addFormula: async (input: string, formula: string): Promise<FormulaSaveResult> => {
      const name = nameIsAllowed(input)
      if (name === null) return { ok: false }
      try {
        await add.mutateAsync({ name, formula })
        toast.success(FORMULA_EDITOR_MESSAGES.added)
        return { ok: true }
      } catch (error) {
        const problem = formulaProblemOf(error)
        if (problem) return { ok: false, problem }
        toast.error(errorStatus(error) === 409 ? COLUMN_MESSAGES.nameConflictTitle : COLUMN_MESSAGES.addFailed, { description: errorMessage(error, undefined) })
        return { ok: false }
      }
    },
    changeFormula: async (key: string, formula: string): Promise<FormulaSaveResult> => {
      try {
        await update.mutateAsync({ key, formula })
        toast.success(FORMULA_EDITOR_MESSAGES.changed)
        return { ok: true }
      } catch (error) {
        const problem = formulaProblemOf(error)
        if (problem) return { ok: false, problem }
        toast.error(FORMULA_EDITOR_MESSAGES.saveFailed, { description: errorMessage(error, undefined) })
        return { ok: false }
      }
    },
    isSavingFormula: add.isPending || (update.isPending && update.variables?.formula !== undefined),
    remove: async (key: string) => {
      if (!uploadId) {
        toast.error(COLUMN_MESSAGES.deleteFailed, { description: COLUMN_MESSAGES.uploadIdMissing })
        return
      }
      if (remove.isPending) return
      try {
        await remove.mutateAsync(key)
        toast.success(COLUMN_MESSAGES.columnDeleted)
      } catch (error) {
        toast.error(COLUMN_MESSAGES.deleteFailed, { description: errorMessage(error, undefined) })
      }
    },
    setHidden: (key: string, hidden: boolean) =>
      update.mutate({ key, hidden }, { onError: (error) => toast.error(GRID_MESSAGES.updateColumnFailed, { description: errorMessage(error, undefined) }) }),
    setWidth: (key: string, width: number) =>
      update.mutate({ key, width }, { onError: (error) => toast.error(GRID_MESSAGES.updateColumnFailed, { description: errorMessage(error, undefined) }) }),
    isSettingDateOrder: dateOrder.isPending,
    /** What the switch would meet: the UI asks before it applies when some dates cannot be read that way. */
    checkDateOrder: (key: string, order: DateOrder) => checkDateOrder(uploadId, key, order),
    setDateOrder: (key: string, order: DateOrder) =>
      dateOrder.mutate(
        { key, order },
        {
          onSuccess: () => toast.success(DATE_ORDER_MESSAGES.switched[order]),
          onError: (error) => toast.error(DATE_ORDER_MESSAGES.switchFailed, { description: errorMessage(error, undefined) }),
        },
      ),
    /** Drops `moved` where `target` is; the whole order (hidden columns included) is saved. */
    move: (moved: string, target: string) => {
      const keys = moveColumnKey(sortedColumns(columns).map((column) => column.key), moved, target)
      if (!keys) return
      reorder.mutate({ keys }, { onError: (error) => toast.error(GRID_MESSAGES.updateColumnFailed, { description: errorMessage(error, undefined) }) })
    },
  }
}

export type ColumnActions = ReturnType<typeof useColumnActions>
