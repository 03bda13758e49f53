import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRoundIcon } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { API_KEY_MESSAGES, AUTH_MESSAGES } from '#common/messages'
import { AI_KEY_PROVIDER_LABELS, aiKeyProviderSchema, saveApiKeySchema, type SaveApiKeyInput, type SaveApiKeyValues } from '#common/schemas/api-keys'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { useSaveApiKey } from '../api/save-api-key'

const KEY_PLACEHOLDERS = { openai: 'sk-...', anthropic: 'sk-ant-...', perplexity: 'pplx-...', openai_compatible: 'Optional for a local server' } as const


/** The key form: provider, key, and for an OpenAI-compatible server its base URL and model. */
/** Whether the server's refusal names the base URL (a private or reserved address) rather than the key. */
function isAboutBaseUrl(details: unknown) {
  return Array.isArray(details) && details.some((issue: { path?: unknown }) => Array.isArray(issue?.path) && issue.path[0] === 'base_url')
}

export function ApiKeyForm() {
  const saveKey = useSaveApiKey()
  const form = useForm<SaveApiKeyInput, unknown, SaveApiKeyValues>({
    resolver: zodResolver(saveApiKeySchema),
    defaultValues: { provider: 'perplexity', api_key: '', base_url: '', model: '' },
  })
  const provider = useWatch({ control: form.control, name: 'provider' })
  const isCompatible = provider === 'openai_compatible'

  async function submit(values: SaveApiKeyValues) {
    const input: SaveApiKeyInput = isCompatible ? values : { provider: values.provider, api_key: values.api_key }
    try {
      await saveKey.mutateAsync(input)
      form.reset({ provider: values.provider, api_key: '', base_url: '', model: '' })
      toast.success(API_KEY_MESSAGES.savedTitle, { description: API_KEY_MESSAGES.savedBody })
    } catch (error) {
      // The server's own words when it judged the key (not valid, unreachable); otherwise the spec's fallback.
      const message = error instanceof ApiError && error.status < 500 && error.status !== 401 ? error.message : API_KEY_MESSAGES.saveFailed
      if (error instanceof ApiError && error.status === 422) form.setError(isAboutBaseUrl(error.details) ? 'base_url' : 'api_key', { message })
      toast.error(AUTH_MESSAGES.errorTitle, { description: message })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-5 text-primary" aria-hidden="true" />
          Add API Key
        </CardTitle>
        <CardDescription>The key is checked with a one-token test call before it is saved.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} className="grid gap-4" noValidate>
            <FormField
              control={form.control}
              name="provider"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Provider</FormLabel>
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value)
                      form.clearErrors()
                    }}
                  >
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {aiKeyProviderSchema.options.map((option) => (
                        <SelectItem key={option} value={option}>
                          {AI_KEY_PROVIDER_LABELS[option]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            {isCompatible && (
              <>
                <FormField
                  control={form.control}
                  name="base_url"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Base URL</FormLabel>
                      <FormControl>
                        <Input type="url" inputMode="url" autoComplete="off" placeholder="http://localhost:11434/v1" {...field} />
                      </FormControl>
                      <FormDescription>The server's OpenAI-compatible API root (Ollama, vLLM, LM Studio).</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="model"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Model</FormLabel>
                      <FormControl>
                        <Input autoComplete="off" placeholder="llama3.1" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </>
            )}
            <FormField
              control={form.control}
              name="api_key"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>API Key</FormLabel>
                  <FormControl>
                    <Input type="password" autoComplete="off" spellCheck={false} placeholder={KEY_PLACEHOLDERS[provider]} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" disabled={saveKey.isPending} className="justify-self-start">
              {saveKey.isPending && <Spinner />}
              {saveKey.isPending ? 'Validating...' : 'Save API Key'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  )
}
