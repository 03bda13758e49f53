import { useRef } from 'react'
import { Navigate, useParams } from 'react-router'
import type { UploadDetail } from '#common/schemas/uploads'
import { useAiColumns } from '#web/features/ai-columns/hooks/use-ai-columns'
import { AiSearchPanel } from '#web/features/chat/components/ai-search-panel'
import { MagicChat } from '#web/features/chat/components/magic-chat'
import { UploadGrid } from '#web/features/table/components/upload-grid'
import { useApplyAiFilter } from '#web/features/table/hooks/use-grid-view'
import type { AiFilter } from '#web/features/table/lib/ai-filter'
import { UploadDetailView } from '#web/features/uploads/components/upload-detail'

/** The app shell's top bar (56 px) and a little air. */
const SCROLL_MARGIN_PX = 72

export function UploadRoute() {
  const { uploadId } = useParams()
  if (!uploadId) return <Navigate to="/dashboard" replace />
  // A new id is a new screen: no rows, selection or live progress carried over from the previous file.
  return <UploadDetailView key={uploadId} uploadId={uploadId} renderRows={(upload) => <UploadRows upload={upload} />} />
}

/**
 * The AI search panel, the grid and Magic Chat, with the AI columns plugged into the grid's slots
 * (the features do not know each other): an answer's 'Show in table' and the AI search panel set
 * the grid's AI filter, and the chat watches the AI column it proposed through the AI columns.
 */
function UploadRows({ upload }: { upload: UploadDetail }) {
  const ai = useAiColumns(upload)
  const applyAiFilter = useApplyAiFilter()
  const grid = useRef<HTMLDivElement>(null)
  const showInTable = (filter: AiFilter) => {
    applyAiFilter(filter)
    // The window scrolls, below the app shell's sticky top bar (scrollIntoView would also move the shell).
    const top = grid.current ? grid.current.getBoundingClientRect().top + window.scrollY - SCROLL_MARGIN_PX : 0
    window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' })
  }

  return (
    <>
      <div ref={grid} className="grid min-w-0 gap-3">
        <AiSearchPanel uploadId={upload.id} onApply={applyAiFilter} />
        <UploadGrid upload={upload} extensions={ai.extensions} />
      </div>
      <MagicChat upload={upload} onShowInTable={showInTable} aiColumns={{ progressOf: ai.fieldProgress, refresh: ai.refreshFields }} />
      {ai.dialogs}
    </>
  )
}
