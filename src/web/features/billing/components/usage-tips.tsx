import { LightbulbIcon } from 'lucide-react'
import { CREDIT_COSTS } from '#common/constants'
import { SUBSCRIPTION_PAGE_MESSAGES } from '#common/messages'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card'

const tips = [
  `Basic enrichment costs ${CREDIT_COSTS.basicEnrichment} credit per cell; one credit typically processes one row.`,
  `Web search enrichment costs ${CREDIT_COSTS.webSearchEnrichment} credits per cell: use it only where live research helps.`,
  `Magic Chat costs ${CREDIT_COSTS.chatQuery} credits per question; ask for everything you need in one go.`,
  `Test a prompt on one row first (${CREDIT_COSTS.promptTestSimple} credit, ${CREDIT_COSTS.promptTestAdvanced} with web search) before running a whole column.`,
  'Paid plans get 2,000 credits every month; unused credits do not carry over.',
]

export function UsageTips() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LightbulbIcon className="size-5 text-primary" aria-hidden="true" />
          {SUBSCRIPTION_PAGE_MESSAGES.usageTips}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
