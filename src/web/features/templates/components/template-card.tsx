import { ClockIcon, FileTextIcon, GlobeIcon, MoreVerticalIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { TEMPLATE_MESSAGES } from '#common/messages'
import type { AiFieldTemplate } from '#common/schemas/templates'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu'
import { formatRelativeTime } from '#web/lib/relative-time'
import { promptPreview, usedInSummary } from '../lib/template-display'

/** One template in the library (001 §2). */
export function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: AiFieldTemplate
  onEdit: (template: AiFieldTemplate) => void
  onDelete: (template: AiFieldTemplate) => void
}) {
  const [isPromptOpen, setIsPromptOpen] = useState(false)
  const preview = promptPreview(template.prompt_template)
  const usedIn = usedInSummary(template)

  return (
    <Card className="gap-4" data-testid="template-card">
      <CardHeader>
        <CardTitle className="break-words">{template.name}</CardTitle>
        <CardDescription className="break-words">
          Field: <span className="font-medium text-foreground">{template.field_name}</span>
        </CardDescription>
        <CardAction>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Actions for ${template.name}`}>
                <MoreVerticalIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEdit(template)}>
                <PencilIcon aria-hidden="true" />
                Edit
              </DropdownMenuItem>
              <DropdownMenuItem variant="destructive" onSelect={() => onDelete(template)}>
                <Trash2Icon aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {template.enable_advanced_search && (
          <Badge variant="secondary" className="justify-self-start">
            <GlobeIcon aria-hidden="true" />
            {TEMPLATE_MESSAGES.advancedSearch}
          </Badge>
        )}
        <div className="grid gap-1">
          <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-mono text-xs" title={preview ? template.prompt_template : undefined}>
            {preview && !isPromptOpen ? preview : template.prompt_template}
          </p>
          {preview && (
            <Button variant="link" size="sm" className="h-auto justify-self-start p-0" aria-expanded={isPromptOpen} onClick={() => setIsPromptOpen((open) => !open)}>
              {isPromptOpen ? 'Show less' : 'Show full prompt'}
            </Button>
          )}
        </div>
        {template.description && <p className="break-words text-muted-foreground">{template.description}</p>}
        <div className="grid gap-1">
          <span className="font-medium">{TEMPLATE_MESSAGES.usedIn}</span>
          {usedIn.files.length === 0 ? (
            <span className="text-muted-foreground">{TEMPLATE_MESSAGES.notUsed}</span>
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {usedIn.files.map((file) => (
                <li key={file}>
                  <Badge variant="outline" className="max-w-full">
                    <FileTextIcon aria-hidden="true" />
                    <span className="truncate">{file}</span>
                  </Badge>
                </li>
              ))}
              {usedIn.more > 0 && (
                <li>
                  <Badge variant="outline">{TEMPLATE_MESSAGES.more(usedIn.more)}</Badge>
                </li>
              )}
            </ul>
          )}
        </div>
      </CardContent>
      <CardFooter className="mt-auto text-xs text-muted-foreground">
        <ClockIcon className="mr-1 size-3.5" aria-hidden="true" />
        <span>
          Updated: <time dateTime={template.updated_at}>{formatRelativeTime(template.updated_at)}</time>
        </span>
      </CardFooter>
    </Card>
  )
}
