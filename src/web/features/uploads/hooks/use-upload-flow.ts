import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { UPLOAD } from '#common/constants'
import type { ConfirmHeadersInput, UploadResponse } from '#common/schemas/uploads'
import { confirmUploadHeaders } from '../api/confirm-upload-headers'
import { createSampleUpload } from '../api/create-sample-upload'
import { createUpload } from '../api/create-upload'
import { uploadKeys } from '#web/lib/upload-query-keys'
import { UploadAbortedError } from '../lib/upload-errors'
import type { UploadFlowState } from '../lib/upload-flow-state'
import { describeUploadFailure, type UploadFailureStage } from '../lib/upload-outcome'
import { watchUploadProgress } from '../lib/watch-upload-progress'

export type UploadFlowResult = {
  uploadId: string
  fileName: string
  totalRows: number | null
  validRows: number
  skippedRows: number
  inBackground: boolean
}

export type UploadFlowFailure = { stage: UploadFailureStage; error: unknown; fileName: string | null }

type UploadFlowOptions = {
  /** The server is importing rows (after the header confirmation when one was needed). */
  onProcessingStarted?: (upload: { uploadId: string; fileName: string }) => void
  onComplete?: (result: UploadFlowResult) => void
  onFailure?: (failure: UploadFlowFailure) => void
  /** false: stop once processing has started and leave following it to the next screen. */
  followProcessing?: boolean
}

/**
 * One upload from file to imported rows: real byte progress, header confirmation when the server
 * asks for it, then live row progress. Every surface that uploads (dialog, quick start, landing
 * box) drives its UI from `state`. Leaving the screen aborts whatever is in flight.
 */
export function useUploadFlow(options: UploadFlowOptions = {}) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<UploadFlowState>({ phase: 'idle' })
  // Kept to upload the same file again with another sheet of a workbook.
  const [sourceFile, setSourceFile] = useState<File | null>(null)
  const controllerRef = useRef<AbortController | null>(null)
  const optionsRef = useRef(options)

  useEffect(() => {
    optionsRef.current = options
  })

  useEffect(() => () => controllerRef.current?.abort(), [])

  function restart(): AbortSignal {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    return controller.signal
  }

  function refreshLists() {
    void queryClient.invalidateQueries({ queryKey: uploadKeys.all })
  }

  function fail(stage: UploadFailureStage, error: unknown, fileName: string | null, signal: AbortSignal) {
    if (signal.aborted || error instanceof UploadAbortedError) return
    setState({ phase: 'error', fileName, message: describeUploadFailure(stage, error).description })
    optionsRef.current.onFailure?.({ stage, error, fileName })
  }

  async function follow(uploadId: string, fileName: string, inBackground: boolean, signal: AbortSignal) {
    setState({ phase: 'processing', uploadId, fileName, processedRows: 0, totalRows: null, percent: 0 })
    refreshLists()
    optionsRef.current.onProcessingStarted?.({ uploadId, fileName })
    if (optionsRef.current.followProcessing === false) return
    try {
      const final = await watchUploadProgress({
        uploadId,
        signal,
        onUpdate: (snapshot) =>
          setState({
            phase: 'processing',
            uploadId,
            fileName,
            processedRows: snapshot.processedRows,
            totalRows: snapshot.totalRows,
            percent: snapshot.percent,
          }),
      })
      if (signal.aborted) return
      const result = { uploadId, fileName, totalRows: final.totalRows, validRows: final.validRows, skippedRows: final.skippedRows, inBackground }
      setState({ phase: 'complete', ...result })
      refreshLists()
      optionsRef.current.onComplete?.(result)
    } catch (error) {
      refreshLists()
      fail('processing', error, fileName, signal)
    }
  }

  async function handleResponse(response: UploadResponse, fileName: string, signal: AbortSignal) {
    if (response.needs_header_confirmation) {
      setState({ phase: 'confirming', uploadId: response.upload_id, fileName, preview: response.preview_data, isSubmitting: false })
      refreshLists()
      return
    }
    await follow(response.upload_id, fileName, response.processing_in_background, signal)
  }

  async function start(file: File, sheet?: string) {
    const signal = restart()
    setSourceFile(file)
    setState({ phase: 'uploading', fileName: file.name, loadedBytes: 0, totalBytes: file.size })
    let response: UploadResponse
    try {
      response = await createUpload({
        file,
        sheet,
        signal,
        onProgress: (loadedBytes, totalBytes) =>
          setState({ phase: 'uploading', fileName: file.name, loadedBytes, totalBytes }),
      })
    } catch (error) {
      fail('upload', error, file.name, signal)
      return
    }
    if (signal.aborted) return
    await handleResponse(response, file.name, signal)
  }

  async function startSample() {
    const signal = restart()
    setSourceFile(null)
    setState({ phase: 'uploading', fileName: UPLOAD.sampleFileName, loadedBytes: 0, totalBytes: 0 })
    let response: UploadResponse
    try {
      response = await createSampleUpload()
    } catch (error) {
      fail('upload', error, UPLOAD.sampleFileName, signal)
      return
    }
    if (signal.aborted) return
    await handleResponse(response, response.preview_data?.filename || UPLOAD.sampleFileName, signal)
  }

  async function confirmHeaders(choice: ConfirmHeadersInput) {
    if (state.phase !== 'confirming' || state.isSubmitting) return
    const { uploadId, fileName } = state
    const signal = restart()
    setState({ ...state, isSubmitting: true })
    try {
      await confirmUploadHeaders(uploadId, choice)
    } catch (error) {
      fail('headers', error, fileName, signal)
      return
    }
    if (signal.aborted) return
    await follow(uploadId, fileName, true, signal)
  }

  /** A workbook: upload the same file again, asking for another sheet. */
  async function chooseSheet(sheet: string) {
    if (!sourceFile) return
    await start(sourceFile, sheet)
  }

  /** A file refused before sending (its type, size or emptiness): said in the status line. */
  function reject(fileName: string, title: string, message: string) {
    reset()
    setState({ phase: 'error', fileName, title, message })
  }

  /** Stops whatever runs (an import already on the server keeps going) and returns to idle. */
  function reset() {
    controllerRef.current?.abort()
    controllerRef.current = null
    setState({ phase: 'idle' })
  }

  return {
    state,
    start,
    startSample,
    confirmHeaders,
    chooseSheet,
    canChooseSheet: sourceFile !== null,
    reject,
    reset,
  }
}

export type UploadFlow = ReturnType<typeof useUploadFlow>
