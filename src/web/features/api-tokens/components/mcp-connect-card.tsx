import { BotIcon, CopyIcon } from 'lucide-react'
import { toast } from 'sonner'
import { AUTH_MESSAGES, MCP_MESSAGES } from '#common/messages'
import { Button } from '#web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs'
import { MCP_CLIENTS, mcpClientConfig, mcpUrlOf } from '../lib/mcp-client-config'

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(MCP_MESSAGES.copied)
  } catch {
    toast.error(AUTH_MESSAGES.errorTitle, { description: MCP_MESSAGES.copyFailed })
  }
}

/**
 * API Settings' 'Connect an AI assistant' (issue 33): the MCP server's URL on this origin, which
 * token to use, and each common client's configuration with a Copy button. Static: the server is
 * this one, and the token is one of the list above.
 */
export function McpConnectCard() {
  const url = mcpUrlOf(window.location.origin)
  // min-w-0 down to the <pre>: a grid item is as wide as its longest line otherwise, and the page scrolls sideways on a phone.
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BotIcon className="size-5 text-primary" aria-hidden="true" />
          {MCP_MESSAGES.title}
        </CardTitle>
        <CardDescription>{MCP_MESSAGES.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <div className="grid gap-1.5">
          <p className="text-sm font-medium" id="mcp-url-label">
            {MCP_MESSAGES.urlLabel}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code aria-labelledby="mcp-url-label" data-testid="mcp-url" className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 font-mono text-sm">
              {url}
            </code>
            <Button type="button" variant="outline" size="sm" aria-label={MCP_MESSAGES.copyUrl} onClick={() => void copy(url)}>
              <CopyIcon aria-hidden="true" />
              {MCP_MESSAGES.copy}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{MCP_MESSAGES.tokenNote}</p>
        </div>
        <Tabs defaultValue={MCP_CLIENTS[0]} className="grid min-w-0 gap-2">
          <p className="text-sm font-medium">{MCP_MESSAGES.snippetsLabel}</p>
          <TabsList className="h-auto max-w-full flex-wrap justify-start">
            {MCP_CLIENTS.map((client) => (
              <TabsTrigger key={client} value={client} className="h-8 flex-none">
                {MCP_MESSAGES.clients[client]}
              </TabsTrigger>
            ))}
          </TabsList>
          {MCP_CLIENTS.map((client) => {
            const config = mcpClientConfig(client, url)
            return (
              <TabsContent key={client} value={client} className="grid min-w-0 gap-2">
                {/* The Copy button beside the hint, never over the text: on a phone the command wraps in full below it. */}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 flex-1 text-sm text-muted-foreground">{MCP_MESSAGES.clientHints[client]}</p>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={MCP_MESSAGES.copyConfig(MCP_MESSAGES.clients[client])}
                    onClick={() => void copy(config)}
                  >
                    <CopyIcon aria-hidden="true" />
                    {MCP_MESSAGES.copy}
                  </Button>
                </div>
                <pre
                  data-testid={`mcp-config-${client}`}
                  className="min-w-0 whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs leading-relaxed"
                >
                  {config}
                </pre>
              </TabsContent>
            )
          })}
        </Tabs>
      </CardContent>
    </Card>
  )
}
