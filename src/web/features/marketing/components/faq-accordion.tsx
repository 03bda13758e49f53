import { ChevronDownIcon } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '#web/components/ui/collapsible'

/** Questions that open one at a time or together; each trigger is a button with aria-expanded. */
export function FaqAccordion({ items }: { items: readonly { question: string; answer: string }[] }) {
  return (
    <div className="divide-y rounded-xl border bg-card">
      {items.map(({ question, answer }) => (
        <Collapsible key={question} className="group">
          <h3>
            <CollapsibleTrigger className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {question}
              <ChevronDownIcon
                className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </CollapsibleTrigger>
          </h3>
          <CollapsibleContent className="px-5 pb-4 text-sm text-pretty text-muted-foreground">{answer}</CollapsibleContent>
        </Collapsible>
      ))}
    </div>
  )
}
