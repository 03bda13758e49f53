import { FileSpreadsheetIcon, UploadIcon } from 'lucide-react'
import { DASHBOARD_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent } from '#web/components/ui/card'
import { authClient } from '#web/lib/auth-client'
import { getGreetingName } from '#web/lib/user-display'
import { announceUploadComingSoon } from './upload-coming-soon'

export function DashboardHomeRoute() {
  const { data: session } = authClient.useSession()

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          Welcome, {getGreetingName(session?.user)}
        </h1>
        <p className="text-muted-foreground">Upload a lead list to start enriching it with AI.</p>
      </div>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <FileSpreadsheetIcon className="size-7" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">{DASHBOARD_MESSAGES.noFilesTitle}</h2>
            <p className="max-w-sm text-sm text-muted-foreground">
              Upload a CSV lead list, add AI columns, and export the enriched file.
            </p>
          </div>
          <Button onClick={announceUploadComingSoon}>
            <UploadIcon aria-hidden="true" />
            {DASHBOARD_MESSAGES.uploadFirstFile}
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
