import { useEffect, useMemo, useState } from 'react'
import { formulaColumnsOf, parseFormula, type FormulaProblem } from '#common/formula/parse'
import type { UploadColumn } from '#common/schemas/uploads'
import { useFormulaPreview } from '../api/preview-formula'

/** How long typing pauses before the preview asks the server. */
export const FORMULA_PREVIEW_DEBOUNCE_MS = 350

/** How long a formula that does not read stays as typed before it is marked: no red under every half-typed name. */
export const FORMULA_PROBLEM_DELAY_MS = 400

function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * A formula as it is typed: checked in the browser by the language's own parser, with no call
 * (where it goes wrong is said once typing pauses on it), and, once it reads and typing pauses,
 * previewed by the server on the first rows.
 */
export function useFormulaDraft(uploadId: string, columns: readonly UploadColumn[], formula: string, self?: string) {
  // Every column, a formula column with its formula; a column's own formula may not read it (`self`).
  const sources = useMemo(() => formulaColumnsOf(columns), [columns])
  const checked = useMemo(() => (formula.trim() === '' ? null : parseFormula(formula, sources, { self })), [formula, sources, self])
  // A formula that reads shows so at once; one that does not, once typing pauses on it.
  const isSettled = useDebouncedValue(formula, FORMULA_PROBLEM_DELAY_MS) === formula
  const problem: FormulaProblem | null = checked && !checked.ok && isSettled ? checked.error : null
  const readable = checked?.ok ? formula : null
  const debounced = useDebouncedValue(readable, FORMULA_PREVIEW_DEBOUNCE_MS)
  // A formula that stopped reading shows no preview at once, without waiting for the pause.
  const previewed = readable === null ? null : debounced
  const preview = useFormulaPreview(uploadId, previewed)
  return {
    sources,
    problem,
    isReadable: readable !== null,
    type: checked?.ok ? checked.type : null,
    preview,
    /** The preview on screen is of an older text than the one typed. */
    isPreviewBehind: previewed !== readable,
  }
}
