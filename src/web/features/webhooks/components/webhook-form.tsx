import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { WEBHOOKS } from '#common/constants'
import { AUTH_MESSAGES, WEBHOOK_MESSAGES } from '#common/messages'
import { createWebhookSchema, type CreatedWebhook, type CreateWebhookInput, type WebhookEventType } from '#common/schemas/webhooks'
import { ShownOnceSecret } from '#web/components/shown-once-secret'
import { Button } from '#web/components/ui/button'
import { Checkbox } from '#web/components/ui/checkbox'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { Label } from '#web/components/ui/label'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError, errorMessage } from '#web/lib/api-client'
import { useCreateWebhook } from '../api/create-webhook'

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'upload.completed': 'File imported',
  'upload.failed': 'File import failed',
  'ai_run.completed': 'AI run completed',
  'ai_run.failed': 'AI run failed',
  'row.enriched': 'Row enriched (Run on new rows)',
}

/** The webhook form: an https URL and the events it wants. */
export function WebhookForm({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const createWebhook = useCreateWebhook()
  const form = useForm<CreateWebhookInput>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: { url: '', events: [...WEBHOOKS.events] },
  })

  async function submit(values: CreateWebhookInput) {
    try {
      onCreated(await createWebhook.mutateAsync(values))
      form.reset({ url: '', events: [...WEBHOOKS.events] })
      toast.success(WEBHOOK_MESSAGES.createdTitle, { description: WEBHOOK_MESSAGES.createdBody })
    } catch (error) {
      const message = errorMessage(error, WEBHOOK_MESSAGES.createFailed)
      if (error instanceof ApiError && error.status === 422) form.setError('url', { message })
      toast.error(AUTH_MESSAGES.errorTitle, { description: message })
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} className="grid gap-3" noValidate>
        <FormField
          control={form.control}
          name="url"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Endpoint URL</FormLabel>
              <FormControl>
                <Input type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/rowcraft-webhook" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="events"
          render={({ field }) => (
            <FormItem>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">Events</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {WEBHOOKS.events.map((event) => {
                    const id = `webhook-event-${event}`
                    return (
                      <div key={event} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={field.value.includes(event)}
                          onCheckedChange={(checked) =>
                            field.onChange(checked ? [...field.value, event] : field.value.filter((chosen) => chosen !== event))
                          }
                        />
                        <Label htmlFor={id} className="font-normal">
                          {WEBHOOK_EVENT_LABELS[event]} <code className="text-xs text-muted-foreground">{event}</code>
                        </Label>
                      </div>
                    )
                  })}
                </div>
                <FormMessage />
              </fieldset>
            </FormItem>
          )}
        />
        <Button type="submit" disabled={createWebhook.isPending} className="justify-self-start">
          {createWebhook.isPending && <Spinner />}
          Add webhook
        </Button>
      </form>
    </Form>
  )
}

/** The signing secret, shown once after the endpoint is added. */
export function NewWebhookSecret({ webhook, onDismiss }: { webhook: CreatedWebhook; onDismiss: () => void }) {
  return (
    <ShownOnceSecret
      title={`Signing secret for ${webhook.url}: ${WEBHOOK_MESSAGES.createdBody}`}
      value={webhook.secret}
      testId="new-webhook-secret"
      copied="Secret copied to the clipboard."
      copyFailed="Could not copy the secret. Select it and copy it by hand."
      onDismiss={onDismiss}
    />
  )
}
