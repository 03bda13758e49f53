import { Link } from 'react-router'
import { NOT_FOUND_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { usePageMeta } from '#web/lib/page-meta'

export function NotFoundRoute() {
  usePageMeta({ title: NOT_FOUND_MESSAGES.title, description: 'The page you are looking for does not exist or has moved.' })
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">{NOT_FOUND_MESSAGES.title}</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">{NOT_FOUND_MESSAGES.returnHome}</Link>
      </Button>
    </div>
  )
}
