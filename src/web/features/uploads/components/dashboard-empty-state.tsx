import { DownloadIcon, FileSpreadsheetIcon, SparklesIcon, UploadIcon } from 'lucide-react'
import { Link } from 'react-router'
import { DASHBOARD_MESSAGES, UPLOAD_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent } from '#web/components/ui/card'

const INFO_CARDS = [
  {
    title: DASHBOARD_MESSAGES.infoUploadData,
    description: 'Bring a CSV or Excel lead list with any columns.',
    icon: UploadIcon,
  },
  {
    title: DASHBOARD_MESSAGES.infoAiEnrichment,
    description: 'Describe a new column in plain words and let AI fill every row.',
    icon: SparklesIcon,
  },
  {
    title: DASHBOARD_MESSAGES.infoExportResults,
    description: 'Download the enriched list as CSV when you are done.',
    icon: DownloadIcon,
  },
] as const

type DashboardEmptyStateProps = {
  onUpload: () => void
  onTrySample: () => void
}

/** The home dashboard before the first file (001 §2). */
export function DashboardEmptyState({ onUpload, onTrySample }: DashboardEmptyStateProps) {
  return (
    <section aria-labelledby="no-files-heading" className="grid gap-4">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <FileSpreadsheetIcon className="size-7" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <h2 id="no-files-heading" className="text-lg font-semibold">
              {DASHBOARD_MESSAGES.noFilesTitle}
            </h2>
            <p className="max-w-sm text-sm text-muted-foreground">
              Upload a CSV lead list, add AI columns, and export the enriched file.
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={onUpload}>
              <UploadIcon aria-hidden="true" />
              {DASHBOARD_MESSAGES.uploadFirstFile}
            </Button>
            <Button variant="outline" onClick={onTrySample}>
              <SparklesIcon aria-hidden="true" />
              {UPLOAD_MESSAGES.trySample}
            </Button>
          </div>
        </CardContent>
      </Card>
      <ul className="grid gap-4 sm:grid-cols-3">
        {INFO_CARDS.map((card) => (
          <li key={card.title}>
            <Card className="h-full gap-2 px-4 py-4">
              <card.icon className="size-5 text-primary" aria-hidden="true" />
              <h3 className="font-medium">{card.title}</h3>
              <p className="text-sm text-muted-foreground">{card.description}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link to="/blog">{DASHBOARD_MESSAGES.viewBlog}</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard/files">{DASHBOARD_MESSAGES.browseFiles}</Link>
        </Button>
      </div>
    </section>
  )
}
