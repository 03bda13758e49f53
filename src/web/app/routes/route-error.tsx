import { Link, isRouteErrorResponse, useRouteError } from 'react-router'
import { Button } from '#web/components/ui/button'

/** Shown when a route throws while rendering or a lazy chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError()
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center" role="alert">
      <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        The page could not be shown. Reloading usually fixes it.
        {detail && <span className="mt-1 block text-xs">{detail}</span>}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/" reloadDocument>
            Return to Home
          </Link>
        </Button>
      </div>
    </div>
  )
}
