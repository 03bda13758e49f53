import { Link } from 'react-router'
import { LegalPage } from './legal-page'

export function MigrateFromClayPage() {
  return (
    <LegalPage
      title="Migrating from Clay to Rowcraft"
      description="Step by step: export a Clay table as CSV, import it into Rowcraft, and rebuild its AI columns as Rowcraft prompts."
      updated="2026-11-22"
      intro={
        <p>
          A Clay table moves to Rowcraft as a CSV file. The values you already paid for come along as ordinary columns;
          the AI columns are rebuilt as prompts, so they can be rerun on new lists. Plan about half an hour for a table with
          a handful of AI columns. See also the <Link to="/compare/rowcraft-vs-clay">feature comparison</Link>.
        </p>
      }
      sections={[
        {
          heading: '1. Export the table from Clay',
          body: (
            <p>
              Open the table in Clay and download it as CSV. Export every column you want to keep, including enriched
              ones: their values become plain columns in Rowcraft, so nothing you paid for is lost. Note down the prompt of
              each AI column you want to keep running.
            </p>
          ),
        },
        {
          heading: '2. Import it into Rowcraft',
          body: (
            <p>
              Drop the file on the Rowcraft dashboard. Rowcraft detects the header row and the delimiter; the data quality
              report lists any row it had to pad or skip. Cells that held lists or objects in Clay arrive as text, which
              AI columns can still read.
            </p>
          ),
        },
        {
          heading: '3. Rebuild the AI columns',
          body: (
            <>
              <p>
                In Clay a prompt refers to columns by inserting them; in Rowcraft you write the column name in braces. A
                prompt such as "Summarise what [Company] does based on [Website]" becomes "Summarise what {'{Company}'} does
                based on {'{Website}'}". Turn on web research for columns that looked things up on the web.
              </p>
              <p>
                Test each prompt on a few rows and compare the answers with the values you exported from Clay, then run it
                on the rest. Save prompts you reuse as templates in the AI Fields Library.
              </p>
            </>
          ),
        },
        {
          heading: '4. Replace what Rowcraft does not do',
          body: (
            <p>
              Rowcraft does not look up contact e-mails or phone numbers from data providers, and it does not push rows to
              CRMs directly. Keep the contact values from your Clay export, and move enriched rows into your CRM with a CSV
              export and the CRM's own import.
            </p>
          ),
        },
        {
          heading: '5. Check credits',
          body: (
            <p>
              A basic AI column costs one credit per row and one with web research two. Estimate a column's cost as rows
              times credits before you run it, or add your own provider key in API settings to be billed by the provider
              directly.
            </p>
          ),
        },
      ]}
    />
  )
}
