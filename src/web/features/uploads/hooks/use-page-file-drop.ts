import { useEffect, useRef, useState } from 'react'

function carriesFiles(event: DragEvent) {
  return event.dataTransfer?.types.includes('Files') ?? false
}

/**
 * Makes the whole window a drop target while the screen is shown. Returns whether a file is being
 * dragged over it (for the full-screen overlay). Disabled, e.g. while a dialog with its own drop
 * zone is open, it lets the browser's drag events pass untouched.
 */
export function usePageFileDrop({ onFiles, isEnabled }: { onFiles: (files: FileList) => void; isEnabled: boolean }) {
  const [isDragging, setIsDragging] = useState(false)
  const onFilesRef = useRef(onFiles)

  useEffect(() => {
    onFilesRef.current = onFiles
  })

  useEffect(() => {
    if (!isEnabled) return
    // dragenter/dragleave fire for every child crossed; count them to know when the file left.
    let depth = 0

    function onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth += 1
      setIsDragging(true)
    }
    function onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    function onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setIsDragging(false)
    }
    function onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return
      depth = 0
      setIsDragging(false)
      // A drop zone on the page already took it (it prevented the default first).
      if (event.defaultPrevented) return
      event.preventDefault()
      const files = event.dataTransfer?.files
      if (files && files.length > 0) onFilesRef.current(files)
    }

    window.addEventListener('dragenter', onDragEnter)
    window.addEventListener('dragover', onDragOver)
    window.addEventListener('dragleave', onDragLeave)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragenter', onDragEnter)
      window.removeEventListener('dragover', onDragOver)
      window.removeEventListener('dragleave', onDragLeave)
      window.removeEventListener('drop', onDrop)
    }
  }, [isEnabled])

  return isEnabled && isDragging
}
