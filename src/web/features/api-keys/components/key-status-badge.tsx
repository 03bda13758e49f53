import { API_KEY_MESSAGES } from '#common/messages'
import { Badge } from '#web/components/ui/badge'

/** 'Using Your API Key' only with an active key and the preference on (001 §4). */
export function KeyStatusBadge({ isUsingOwnKey }: { isUsingOwnKey: boolean }) {
  return (
    <Badge variant={isUsingOwnKey ? 'default' : 'secondary'} className="justify-self-start" data-testid="payment-method-status">
      {isUsingOwnKey ? API_KEY_MESSAGES.usingOwnKey : API_KEY_MESSAGES.usingCredits}
    </Badge>
  )
}
