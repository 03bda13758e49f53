import { Spinner } from '#web/components/ui/spinner'

export function FullPageLoader() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" aria-hidden="true" role="presentation" />
      <p role="status">Loading...</p>
    </div>
  )
}
