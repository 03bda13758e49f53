import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { z } from 'zod'
import { CREDIT_COSTS } from '#common/constants'
import { AUTH_MESSAGES, TEMPLATE_MESSAGES } from '#common/messages'
import { templateInputSchema, type AiFieldTemplate, type TemplateInput } from '#common/schemas/templates'
import { Button } from '#web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { Switch } from '#web/components/ui/switch'
import { Textarea } from '#web/components/ui/textarea'
import { useCreateTemplate } from '../api/create-template'
import { useUpdateTemplate } from '../api/update-template'

type TemplateValues = z.output<typeof templateInputSchema>

const EMPTY: TemplateInput = { name: '', field_name: '', prompt_template: '', enable_advanced_search: false, description: '' }

function valuesOf(template: AiFieldTemplate | null): TemplateInput {
  if (!template) return EMPTY
  return {
    name: template.name,
    field_name: template.field_name,
    prompt_template: template.prompt_template,
    enable_advanced_search: template.enable_advanced_search,
    description: template.description ?? '',
  }
}

/** Create Template and Edit Template (001 §2): the same form; `template` set means edit. */
export function TemplateFormDialog({
  isOpen,
  onOpenChange,
  template,
}: {
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  template: AiFieldTemplate | null
}) {
  const createTemplate = useCreateTemplate()
  const updateTemplate = useUpdateTemplate()
  const isEdit = template !== null
  const isSaving = createTemplate.isPending || updateTemplate.isPending
  const form = useForm<TemplateInput, unknown, TemplateValues>({ resolver: zodResolver(templateInputSchema), defaultValues: valuesOf(template) })

  useEffect(() => {
    if (isOpen) form.reset(valuesOf(template))
  }, [isOpen, template, form])

  async function submit(values: TemplateValues) {
    try {
      if (template) await updateTemplate.mutateAsync({ id: template.id, ...values })
      else await createTemplate.mutateAsync(values)
      toast.success(isEdit ? TEMPLATE_MESSAGES.updated : TEMPLATE_MESSAGES.created)
      onOpenChange(false)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: isEdit ? TEMPLATE_MESSAGES.updateFailed : TEMPLATE_MESSAGES.createFailed })
    }
  }

  function invalid() {
    toast.error(TEMPLATE_MESSAGES.validationTitle, { description: TEMPLATE_MESSAGES.validationBody })
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !isSaving && onOpenChange(open)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>
            {isEdit ? 'Change this saved AI field prompt.' : 'Save an AI field prompt to reuse it on any file.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit, invalid)} className="grid gap-4" noValidate>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Template Name *</FormLabel>
                  <FormControl>
                    <Input placeholder="Lead score" autoComplete="off" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="field_name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Field Name *</FormLabel>
                  <FormControl>
                    <Input placeholder="Score" autoComplete="off" {...field} />
                  </FormControl>
                  <FormDescription>The column name an AI field made from this template gets.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="prompt_template"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Prompt *</FormLabel>
                  <FormControl>
                    <Textarea rows={6} placeholder="Rate {Company} from 1 to 10 for fit with our product." {...field} />
                  </FormControl>
                  <FormDescription>Use {'{Column Name}'} to insert a column's value for each row.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Input placeholder="Optional" autoComplete="off" {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="enable_advanced_search"
              render={({ field }) => (
                <FormItem className="flex items-center justify-between gap-4 rounded-md border p-3">
                  <div className="grid gap-1">
                    <FormLabel>Advanced web search</FormLabel>
                    <FormDescription>Researches the web for each row ({CREDIT_COSTS.webSearchEnrichment} credits a cell).</FormDescription>
                  </div>
                  <FormControl>
                    <Switch checked={field.value ?? false} onCheckedChange={field.onChange} />
                  </FormControl>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={isSaving} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSaving}>
                {isSaving && <Spinner />}
                {isEdit ? 'Save Changes' : 'Create Template'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
