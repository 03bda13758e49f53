import { RotateCwIcon, SendIcon, Trash2Icon, WebhookIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, WEBHOOK_MESSAGES } from '#common/messages'
import type { CreatedWebhook, WebhookDelivery, WebhookEndpoint } from '#common/schemas/webhooks'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Skeleton } from '#web/components/ui/skeleton'
import { formatRelativeTime } from '#web/lib/relative-time'
import { useDeleteWebhook } from '../api/delete-webhook'
import { useWebhooks } from '../api/list-webhooks'
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery'
import { useSendWebhookTest } from '../api/send-webhook-test'
import { NewWebhookSecret, WebhookForm } from './webhook-form'

/** API Settings' 'Webhooks' (issue 24): endpoints, their recent deliveries, a test event and a resend. */
export function WebhooksCard() {
  const { data, isPending, isError, refetch } = useWebhooks()
  const [created, setCreated] = useState<CreatedWebhook | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-5 text-primary" aria-hidden="true" />
          {WEBHOOK_MESSAGES.title}
        </CardTitle>
        <CardDescription>{WEBHOOK_MESSAGES.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <WebhookForm onCreated={setCreated} />
        {created && <NewWebhookSecret webhook={created} onDismiss={() => setCreated(null)} />}
        {isPending && <Skeleton className="h-16" />}
        {isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            Failed to load your webhooks.
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        )}
        {data && data.endpoints.length === 0 && <p className="text-sm text-muted-foreground">{WEBHOOK_MESSAGES.empty}</p>}
        {data && data.endpoints.length > 0 && (
          <ul className="grid gap-3" aria-label="Your webhooks">
            {data.endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const sendTest = useSendWebhookTest()
  async function test() {
    try {
      await sendTest.mutateAsync(endpoint.id)
      toast.success(WEBHOOK_MESSAGES.testSent)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: WEBHOOK_MESSAGES.actionFailed })
    }
  }
  return (
    <li className="grid min-w-0 gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <span className="font-mono text-sm break-all">{endpoint.url}</span>
          <span className="text-xs text-muted-foreground">{endpoint.events.join(', ')}</span>
          {endpoint.disabled_reason && <span className="text-xs text-destructive">{WEBHOOK_MESSAGES.disabledReasons[endpoint.disabled_reason]}</span>}
          {!endpoint.disabled_reason && endpoint.token_expires_at && (
            <span className="text-xs text-muted-foreground">{WEBHOOK_MESSAGES.stopsWithToken(new Date(endpoint.token_expires_at).toLocaleString())}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={!endpoint.enabled || sendTest.isPending} onClick={() => void test()}>
            <SendIcon aria-hidden="true" />
            Send test event
          </Button>
          <DeleteWebhookButton endpoint={endpoint} />
        </div>
      </div>
      <DeliveryList endpoint={endpoint} />
    </li>
  )
}

const STATUS_VARIANTS = { succeeded: 'secondary', pending: 'outline', failed: 'destructive' } as const

function DeliveryList({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.deliveries.length === 0) return <p className="text-xs text-muted-foreground">{WEBHOOK_MESSAGES.noDeliveries}</p>
  return (
    // Each column keeps a gap to the next ('Attempts' and 'Time' read apart), and a phone scrolls the table, not the page.
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full text-left text-xs" aria-label={`Recent deliveries to ${endpoint.url}`}>
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-1 pr-2 font-medium">Event</th>
            <th className="py-1 pr-2 font-medium">Status</th>
            <th className="py-1 pr-2 font-medium">Attempts</th>
            <th className="py-1 pr-2 font-medium">Time</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {endpoint.deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-t">
              <td className="py-1 pr-2 font-mono break-all">{delivery.event}</td>
              <td className="py-1 pr-2">
                <Badge variant={STATUS_VARIANTS[delivery.status]}>{delivery.status}</Badge>
                {delivery.error && <span className="ml-2 text-muted-foreground">{delivery.error}</span>}
              </td>
              <td className="py-1 pr-2">{delivery.attempts}</td>
              <td className="py-1 pr-2">{formatRelativeTime(delivery.last_attempt_at ?? delivery.created_at)}</td>
              <td className="py-1 text-right">
                <ResendButton endpoint={endpoint} delivery={delivery} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ResendButton({ endpoint, delivery }: { endpoint: WebhookEndpoint; delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery()
  async function run() {
    try {
      await resend.mutateAsync({ id: endpoint.id, deliveryId: delivery.id })
      toast.success(WEBHOOK_MESSAGES.resent)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: WEBHOOK_MESSAGES.actionFailed })
    }
  }
  return (
    // On a phone the icon alone, so the deliveries fit the card; the name stays for screen readers.
    <Button variant="ghost" size="xs" aria-label="Resend" title="Resend" disabled={!endpoint.enabled || resend.isPending} onClick={() => void run()}>
      <RotateCwIcon aria-hidden="true" />
      <span className="hidden sm:inline">Resend</span>
    </Button>
  )
}

function DeleteWebhookButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deleteWebhook = useDeleteWebhook()
  const [isOpen, setIsOpen] = useState(false)
  async function remove() {
    try {
      await deleteWebhook.mutateAsync(endpoint.id)
      toast.success(WEBHOOK_MESSAGES.deletedTitle)
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: WEBHOOK_MESSAGES.deleteFailed })
    } finally {
      setIsOpen(false)
    }
  }
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Remove webhook ${endpoint.url}`} onClick={() => setIsOpen(true)}>
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
      {isOpen && (
        <ConfirmDialog
          title={WEBHOOK_MESSAGES.deleteConfirmTitle}
          description={WEBHOOK_MESSAGES.deleteConfirmBody}
          confirmLabel="Remove"
          isPending={deleteWebhook.isPending}
          onConfirm={() => void remove()}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  )
}
