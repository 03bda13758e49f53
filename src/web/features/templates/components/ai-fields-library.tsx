import { AlertCircleIcon, PlusIcon, SearchIcon, SparklesIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, PAGE_TITLES, TEMPLATE_MESSAGES } from '#common/messages'
import type { AiFieldTemplate } from '#common/schemas/templates'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Input } from '#web/components/ui/input'
import { Skeleton } from '#web/components/ui/skeleton'
import { useDeleteTemplate } from '../api/delete-template'
import { useTemplates } from '../api/get-templates'
import { filterTemplates } from '../lib/template-display'
import { TemplateCard } from './template-card'
import { TemplateFormDialog } from './template-form-dialog'

type FormState = { isOpen: boolean; template: AiFieldTemplate | null }

/** The AI Fields Library (001 §2): search, count badge, template cards, create, edit, delete. */
export function AiFieldsLibrary() {
  const { data, isPending, isError, refetch } = useTemplates()
  // 001 §8: the spec's toast, besides the notice with 'Try again' in the page.
  useEffect(() => {
    if (isError) toast.error(AUTH_MESSAGES.errorTitle, { description: TEMPLATE_MESSAGES.fetchFailed })
  }, [isError])
  const deleteTemplate = useDeleteTemplate()
  const [search, setSearch] = useState('')
  const [form, setForm] = useState<FormState>({ isOpen: false, template: null })
  const [toDelete, setToDelete] = useState<AiFieldTemplate | null>(null)

  const templates = data?.data ?? []
  const shown = filterTemplates(templates, search)

  async function confirmDelete() {
    if (!toDelete || deleteTemplate.isPending) return
    try {
      await deleteTemplate.mutateAsync(toDelete.id)
      toast.success(TEMPLATE_MESSAGES.deleted)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: TEMPLATE_MESSAGES.deleteFailed })
    } finally {
      setToDelete(null)
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            {PAGE_TITLES.aiFields}
            {data && (
              <Badge variant="secondary" aria-label={`${shown.length} templates`} data-testid="template-count">
                {shown.length}
              </Badge>
            )}
          </h1>
          <p className="text-muted-foreground">Saved AI field prompts you can reuse on any file.</p>
        </div>
        <Button onClick={() => setForm({ isOpen: true, template: null })}>
          <PlusIcon aria-hidden="true" />
          Create Template
        </Button>
      </div>

      <div className="relative max-w-md">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={TEMPLATE_MESSAGES.searchPlaceholder}
          aria-label={TEMPLATE_MESSAGES.searchPlaceholder}
          className="pl-9"
        />
      </div>

      {isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      )}

      {isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-4 text-sm">
          <AlertCircleIcon className="size-4 text-destructive" aria-hidden="true" />
          {TEMPLATE_MESSAGES.fetchFailed}
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}

      {data && templates.length === 0 && (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <SparklesIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No templates yet</h2>
          <p className="max-w-sm text-sm text-muted-foreground">
            Save a prompt here, or tick 'Save to library' when you create an AI column, to reuse it on any file.
          </p>
          <Button onClick={() => setForm({ isOpen: true, template: null })}>
            <PlusIcon aria-hidden="true" />
            Create your first template
          </Button>
        </div>
      )}

      {data && templates.length > 0 && shown.length === 0 && (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <SearchIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No templates found</h2>
          <p className="text-sm break-all text-muted-foreground">No template matches "{search.trim()}".</p>
          <Button variant="outline" onClick={() => setSearch('')}>
            Clear search
          </Button>
        </div>
      )}

      {shown.length > 0 && (
        <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((template) => (
            <TemplateCard key={template.id} template={template} onEdit={(t) => setForm({ isOpen: true, template: t })} onDelete={setToDelete} />
          ))}
        </div>
      )}

      <TemplateFormDialog isOpen={form.isOpen} template={form.template} onOpenChange={(isOpen) => setForm((state) => ({ ...state, isOpen }))} />

      {toDelete && (
        <ConfirmDialog
          title={TEMPLATE_MESSAGES.deleteConfirmTitle}
          description={TEMPLATE_MESSAGES.deleteConfirmBody(toDelete.name)}
          confirmLabel="Delete"
          isPending={deleteTemplate.isPending}
          onClose={() => setToDelete(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </div>
  )
}
