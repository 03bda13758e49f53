import { InfoIcon } from 'lucide-react'
import { PASSWORD_POLICY_TOOLTIP } from '#common/messages'
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip'

/** The info icon beside a new-password label. Named by text, not aria-label (see PasswordInput). */
export function PasswordPolicyHint() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <InfoIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Requirements</span>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{PASSWORD_POLICY_TOOLTIP}</TooltipContent>
    </Tooltip>
  )
}
