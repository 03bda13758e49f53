import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react'
import { toast } from 'sonner'
import { UPLOAD_MESSAGES } from '#common/messages'
import { cn } from '#web/lib/cn'
import { UPLOAD_INPUT_ACCEPT } from '../lib/file-validation'

type ZoneState = { isDragging: boolean }

type FileDropZoneProps = {
  /** `data-testid` of the hidden file input (end-to-end tests set files on it). */
  inputTestId: string
  /**
   * Accessible name of the file input. The zone, a button that opens the file picker, is named by
   * the words it shows: a spoken name must contain the visible one (WCAG 2.5.3).
   */
  label: string
  /** Ignores drops and clicks, e.g. while an upload runs. */
  isDisabled?: boolean
  onFile: (file: File) => void
  className?: string
  children: ReactNode | ((state: ZoneState) => ReactNode)
}

function carriesFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files')
}

/** A drop target for one file, which also opens the file picker on click, Enter or Space. */
export function FileDropZone({
  inputTestId,
  label,
  isDisabled = false,
  onFile,
  className,
  children,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [isDragging, setIsDragging] = useState(false)

  function openPicker() {
    if (!isDisabled) inputRef.current?.click()
  }

  function takeFiles(files: FileList | null) {
    if (isDisabled || !files || files.length === 0) return
    if (files.length > 1) {
      toast.error(UPLOAD_MESSAGES.oneFileAtATime)
      return
    }
    onFile(files[0]!)
  }

  return (
    <>
      <div
        role="button"
        tabIndex={isDisabled ? -1 : 0}
        aria-disabled={isDisabled || undefined}
        onClick={openPicker}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return
          event.preventDefault()
          openPicker()
        }}
        data-dragging={isDragging || undefined}
        className={cn(
          'rounded-xl border-2 border-dashed outline-none transition-all focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
          !isDisabled && 'cursor-pointer hover:border-primary/60 hover:bg-primary/5',
          isDragging ? 'border-primary bg-primary/10' : 'border-muted-foreground/25',
          isDisabled && 'cursor-default opacity-80',
          className,
        )}
        onDragEnter={(event) => {
          if (!carriesFiles(event)) return
          event.preventDefault()
          if (!isDisabled) setIsDragging(true)
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return
          event.preventDefault()
          event.dataTransfer.dropEffect = isDisabled ? 'none' : 'copy'
        }}
        onDragLeave={(event) => {
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
          setIsDragging(false)
        }}
        onDrop={(event) => {
          if (!carriesFiles(event)) return
          // preventDefault also tells a page-wide drop target that this drop is taken.
          event.preventDefault()
          setIsDragging(false)
          takeFiles(event.dataTransfer.files)
        }}
      >
        {typeof children === 'function' ? children({ isDragging }) : children}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={UPLOAD_INPUT_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-label={label}
        data-testid={inputTestId}
        onChange={(event) => {
          takeFiles(event.currentTarget.files)
          event.currentTarget.value = ''
        }}
      />
    </>
  )
}
