import { zodResolver } from '@hookform/resolvers/zod'
import { BookOpenIcon, TerminalIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm, type Control } from 'react-hook-form'
import { toast } from 'sonner'
import { z } from 'zod'
import { API_TOKENS } from '#common/constants'
import { API_TOKEN_MESSAGES, AUTH_MESSAGES } from '#common/messages'
import { apiTokenScopeSchema, createApiTokenSchema, type ApiTokenSummary, type CreatedApiToken } from '#common/schemas/api-tokens'
import { ConfirmDialog } from '#web/components/confirm-dialog'
import { ShownOnceSecret } from '#web/components/shown-once-secret'
import { Badge } from '#web/components/ui/badge'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Skeleton } from '#web/components/ui/skeleton'
import { Spinner } from '#web/components/ui/spinner'
import { errorMessage } from '#web/lib/api-client'
import { formatRelativeTime } from '#web/lib/relative-time'
import { useCreateApiToken } from '../api/create-api-token'
import { useApiTokens } from '../api/list-api-tokens'
import { useRevokeApiToken } from '../api/revoke-api-token'

/** The path of the API reference page (served by the API server, not the web app's router). */
export const API_DOCS_PATH = '/docs/api'

/** API Settings' 'API tokens' (issue 24): create one (shown once, with a copy button), list, revoke. */
export function ApiTokensCard() {
  const { data, isPending, isError, refetch } = useApiTokens()
  const [created, setCreated] = useState<CreatedApiToken | null>(null)

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TerminalIcon className="size-5 text-primary" aria-hidden="true" />
          {API_TOKEN_MESSAGES.title}
        </CardTitle>
        <CardDescription>
          {API_TOKEN_MESSAGES.description}{' '}
          <a href={API_DOCS_PATH} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <BookOpenIcon className="size-3.5" aria-hidden="true" />
            {API_TOKEN_MESSAGES.docsLink}
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CreateTokenForm onCreated={setCreated} />
        {created && <NewTokenNotice token={created} onDismiss={() => setCreated(null)} />}
        {isPending && <Skeleton className="h-16" />}
        {isError && (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            Failed to load your API tokens.
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        )}
        {data && <TokenList tokens={data.tokens} />}
      </CardContent>
    </Card>
  )
}

/** The form names an expiry as a choice of days; the API takes the moment (`expires_at`). */
const NEVER = 'never'

/** One of the form's choices (scope, expiry): a labelled select of fixed options. */
function ChoiceField({
  control,
  name,
  label,
  className,
  choices,
}: {
  control: Control<TokenFormInput, unknown, TokenFormValues>
  name: 'scope' | 'expiry'
  label: string
  className: string
  choices: Array<{ value: string; label: string }>
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {choices.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
const expiryChoiceSchema = z.enum([NEVER, ...API_TOKENS.expiryChoicesDays.map(String)])
const tokenFormSchema = createApiTokenSchema.pick({ name: true, scope: true }).extend({ expiry: expiryChoiceSchema })
type TokenFormInput = z.input<typeof tokenFormSchema>
type TokenFormValues = z.output<typeof tokenFormSchema>
const EMPTY_FORM: TokenFormInput = { name: '', scope: 'read', expiry: NEVER }

const dayMs = 24 * 60 * 60 * 1000
/** The moment a choice of days ends, from now; null for no expiry. */
const expiresAtOf = (choice: TokenFormValues['expiry']) => (choice === NEVER ? null : new Date(Date.now() + Number(choice) * dayMs).toISOString())
const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const createToken = useCreateApiToken()
  const form = useForm<TokenFormInput, unknown, TokenFormValues>({ resolver: zodResolver(tokenFormSchema), defaultValues: EMPTY_FORM })

  async function submit({ name, scope, expiry }: TokenFormValues) {
    try {
      onCreated(await createToken.mutateAsync({ name, scope, expires_at: expiresAtOf(expiry) }))
      form.reset(EMPTY_FORM)
      toast.success(API_TOKEN_MESSAGES.createdTitle, { description: API_TOKEN_MESSAGES.createdBody })
    } catch (error) {
      toast.error(AUTH_MESSAGES.errorTitle, { description: errorMessage(error, API_TOKEN_MESSAGES.createFailed) })
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} className="flex flex-wrap items-end gap-3" noValidate>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem className="min-w-48 flex-1">
              <FormLabel>Token name</FormLabel>
              <FormControl>
                <Input autoComplete="off" placeholder="Nightly CRM sync" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <ChoiceField
          control={form.control}
          name="scope"
          label={API_TOKEN_MESSAGES.scopeLabel}
          className="w-full sm:w-44"
          choices={apiTokenScopeSchema.options.map((scope) => ({ value: scope, label: API_TOKEN_MESSAGES.scopeNames[scope] }))}
        />
        <ChoiceField
          control={form.control}
          name="expiry"
          label={API_TOKEN_MESSAGES.expiryLabel}
          className="w-full sm:w-36"
          choices={[
            { value: NEVER, label: API_TOKEN_MESSAGES.expiryNever },
            ...API_TOKENS.expiryChoicesDays.map((days) => ({ value: String(days), label: API_TOKEN_MESSAGES.expiryInDays(days) })),
          ]}
        />
        <p className="w-full text-xs text-muted-foreground">{API_TOKEN_MESSAGES.scopeHelp}</p>
        <Button type="submit" disabled={createToken.isPending}>
          {createToken.isPending && <Spinner />}
          Create token
        </Button>
      </form>
    </Form>
  )
}

function NewTokenNotice({ token, onDismiss }: { token: CreatedApiToken; onDismiss: () => void }) {
  return (
    <ShownOnceSecret
      title={`${token.name}: ${API_TOKEN_MESSAGES.createdBody}`}
      value={token.token}
      testId="new-api-token"
      copied={API_TOKEN_MESSAGES.copied}
      copyFailed={API_TOKEN_MESSAGES.copyFailed}
      onDismiss={onDismiss}
    />
  )
}

function expiryText(token: ApiTokenSummary) {
  if (!token.expires_at) return API_TOKEN_MESSAGES.neverExpires
  const date = formatDate(token.expires_at)
  return token.expired ? API_TOKEN_MESSAGES.expiredOn(date) : API_TOKEN_MESSAGES.expiresOn(date)
}

function TokenList({ tokens }: { tokens: ApiTokenSummary[] }) {
  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{API_TOKEN_MESSAGES.empty}</p>
  return (
    <ul className="grid gap-2" aria-label="Your API tokens">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
          <div className="grid min-w-0 gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all">{token.name}</span>
              <Badge variant="secondary">{API_TOKEN_MESSAGES.scopeNames[token.scope]}</Badge>
              {token.expired && <Badge variant="destructive">{API_TOKEN_MESSAGES.expiredBadge}</Badge>}
            </span>
            <span className="font-mono text-sm text-muted-foreground">{token.start}…</span>
            <span className="text-xs text-muted-foreground">
              Created {formatRelativeTime(token.created_at)} · {token.last_used_at ? `Last used ${formatRelativeTime(token.last_used_at)}` : 'Never used'} ·{' '}
              {expiryText(token)}
            </span>
          </div>
          <RevokeTokenButton token={token} />
        </li>
      ))}
    </ul>
  )
}

function RevokeTokenButton({ token }: { token: ApiTokenSummary }) {
  const revokeToken = useRevokeApiToken()
  const [isOpen, setIsOpen] = useState(false)

  async function revoke() {
    try {
      await revokeToken.mutateAsync(token.id)
      toast.success(API_TOKEN_MESSAGES.revokedTitle, { description: API_TOKEN_MESSAGES.revokedBody })
    } catch {
      toast.error(AUTH_MESSAGES.errorTitle, { description: API_TOKEN_MESSAGES.revokeFailed })
    } finally {
      setIsOpen(false)
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} onClick={() => setIsOpen(true)}>
        <Trash2Icon aria-hidden="true" />
        Revoke
      </Button>
      {isOpen && (
        <ConfirmDialog
          title={API_TOKEN_MESSAGES.revokeConfirmTitle}
          description={API_TOKEN_MESSAGES.revokeConfirmBody}
          confirmLabel="Revoke"
          isPending={revokeToken.isPending}
          onConfirm={() => void revoke()}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  )
}
