import { useEffect, useState } from 'react'
import { LANDING } from '#common/constants'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog'

export const DEMO_VIDEO = { src: '/media/rowcraft-demo.webm', poster: '/images/product/demo-poster.jpg' } as const

/**
 * The demo modal (000 §2): 'Loading demo video...' shows until the video can play, for at most
 * one second, and the modal closes itself when the video ends.
 */
export function DemoVideoDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[calc(100%-2rem)] gap-3 p-3 sm:max-w-4xl sm:p-4">
        <DialogHeader className="px-1">
          <DialogTitle>Rowcraft demo</DialogTitle>
          <DialogDescription>
            Importing a lead list, filtering it and exporting the result, recorded in Rowcraft itself.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts with the loading overlay. */}
        <DemoVideo onEnded={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function DemoVideo({ onEnded }: { onEnded: () => void }) {
  const [isLoading, setIsLoading] = useState(true)

  useEffect(() => {
    const timer = window.setTimeout(() => setIsLoading(false), LANDING.demoLoadingOverlayMaxMs)
    return () => window.clearTimeout(timer)
  }, [])

  return (
    <div className="relative aspect-video overflow-hidden rounded-md bg-muted">
      <video
        data-testid="demo-video"
        className="size-full"
        src={DEMO_VIDEO.src}
        poster={DEMO_VIDEO.poster}
        controls
        autoPlay
        muted
        playsInline
        onCanPlay={() => setIsLoading(false)}
        onEnded={onEnded}
      >
        <track kind="captions" src="/media/rowcraft-demo.vtt" srcLang="en" label="English" default />
      </video>
      {isLoading && (
        <div className="absolute inset-0 grid place-items-center bg-background/80 text-sm font-medium" role="status">
          Loading demo video...
        </div>
      )}
    </div>
  )
}
