import { CheckIcon, MinusIcon } from 'lucide-react'
import { Link } from 'react-router'
import { PLAN, TRIAL } from '#common/constants'
import { LegalPage } from './legal-page'

type Cell = boolean | string
const ROWS: { feature: string; rowcraft: Cell; clay: Cell }[] = [
  { feature: 'Spreadsheet-style table of your leads', rowcraft: true, clay: true },
  { feature: 'AI columns written as prompts', rowcraft: true, clay: true },
  { feature: 'Live web research per row', rowcraft: true, clay: true },
  { feature: 'Questions about the table in plain language', rowcraft: 'Magic Chat, exact counts over all rows', clay: 'Not a core feature' },
  { feature: 'Contact data (e-mails, phones) from third-party providers', rowcraft: false, clay: 'Yes, waterfall across many providers' },
  { feature: 'Native CRM and sequencer integrations', rowcraft: 'Export files (CSV, Excel, JSON)', clay: true },
  { feature: 'Bring your own AI provider key', rowcraft: true, clay: 'For some providers' },
  { feature: 'Open source and self-hostable', rowcraft: 'Yes, MIT licence', clay: false },
  { feature: 'Local AI models (your own server)', rowcraft: true, clay: false },
  { feature: 'Entry price per month', rowcraft: `$${PLAN.priceUsd}, ${TRIAL.credits.toLocaleString('en-US')} credits`, clay: '$149 (Starter, billed monthly)' },
]

function Value({ cell }: { cell: Cell }) {
  if (cell === true) return <><CheckIcon className="inline size-4 text-green-600" aria-hidden="true" /><span className="sr-only">Yes</span></>
  if (cell === false) return <><MinusIcon className="inline size-4 text-muted-foreground" aria-hidden="true" /><span className="sr-only">No</span></>
  return <span>{cell}</span>
}

export function CompareClayPage() {
  return (
    <LegalPage
      title="Rowcraft vs Clay"
      description="A factual feature comparison of Rowcraft and Clay for enriching lead lists: what each does well, and what each costs."
      updated="2026-11-22"
      intro={
        <>
          <p>
            Clay is a hosted go-to-market data platform with a large catalogue of data providers. Rowcraft is an
            open-source tool focused on a narrower job: turning a lead list you already have into a clean, enriched file
            with AI columns. Which one fits depends on whether you need to buy contact data or to work on the data you
            hold.
          </p>
          <p className="text-sm text-muted-foreground">
            Clay's features and prices are taken from its public website as we last saw it in 2025; they change, so
            check clay.com before you decide. Corrections are welcome through the <Link to="/contact" className="font-medium text-primary">contact form</Link>.
          </p>
        </>
      }
      sections={[
        {
          heading: 'Feature by feature',
          body: (
            <div className="overflow-x-auto rounded-xl border">
              <table className="w-full min-w-[28rem] text-left text-sm">
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">Feature</th>
                    <th scope="col" className="px-4 py-3 font-medium">Rowcraft</th>
                    <th scope="col" className="px-4 py-3 font-medium">Clay</th>
                  </tr>
                </thead>
                <tbody>
                  {ROWS.map((row) => (
                    <tr key={row.feature} className="border-t">
                      <th scope="row" className="px-4 py-3 font-normal">{row.feature}</th>
                      <td className="px-4 py-3"><Value cell={row.rowcraft} /></td>
                      <td className="px-4 py-3"><Value cell={row.clay} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          heading: 'Where Clay is the better choice',
          body: (
            <p>
              If you need e-mail addresses and phone numbers you do not have yet, Clay's waterfall across many data
              providers does something Rowcraft does not attempt. Its direct integrations push results into CRMs and
              outreach tools without a file in between, which matters for teams that run enrichment continuously.
            </p>
          ),
        },
        {
          heading: 'Where Rowcraft is the better choice',
          body: (
            <p>
              If your lists already hold the contacts and you want to research, score, categorise and clean them, Rowcraft
              does that at a lower fixed price. It is open source, so you can run it on your own servers, with a local
              model if your data may not leave them. Its importer is built for messy exports, and Magic Chat answers
              questions about the whole table with exact counts.
            </p>
          ),
        },
        {
          heading: 'Moving over',
          body: (
            <p>
              Our <Link to="/compare/migrate-from-clay">migration guide</Link> shows how to bring a Clay table and its AI
              prompts into Rowcraft.
            </p>
          ),
        },
      ]}
    />
  )
}
