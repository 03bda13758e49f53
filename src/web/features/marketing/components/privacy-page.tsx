import { Link } from 'react-router'
import { LegalPage } from './legal-page'

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What Rowcraft stores about you and the lists you upload, why, for how long, and how to have it changed or deleted."
      updated="2026-11-22"
      intro={
        <p>
          Rowcraft is open-source software. This policy describes how an instance of Rowcraft handles personal data. If
          you use an instance run by someone else, that operator is responsible for your data and may add to this text.
        </p>
      }
      sections={[
        {
          heading: 'What we store',
          body: (
            <ul>
              <li>Your account: name, e-mail address, a hash of your password (never the password itself), or your Google identity if you sign in with Google.</li>
              <li>The files you upload, their rows, the columns you add and the AI answers written into them.</li>
              <li>Billing records: your plan, credit balance and a ledger of credits used. Card details are held by Stripe, never by Rowcraft.</li>
              <li>Security records: sign-in times, IP addresses and browser names, kept to protect your account.</li>
              <li>Messages you send through the contact form, with the IP address they came from.</li>
            </ul>
          ),
        },
        {
          heading: 'Why we store it',
          body: (
            <p>
              To provide the service you signed up for (importing, enriching and exporting your lists), to bill it, to keep
              accounts secure and to answer your questions. We do not sell personal data and do not use your lists to train
              AI models.
            </p>
          ),
        },
        {
          heading: 'AI providers',
          body: (
            <p>
              When an AI column or Magic Chat runs, the values it needs are sent to the AI provider configured for this
              instance, or to your own provider if you added an API key. Only the columns named in the prompt are sent. An
              operator can run a model on their own servers so that no data leaves them.
            </p>
          ),
        },
        {
          heading: 'Cookies and browser storage',
          body: (
            <ul>
              <li>A session cookie keeps you signed in. It is required and holds no tracking information.</li>
              <li><code>auth_login_method</code> remembers whether you last signed in with e-mail or Google (30 days).</li>
              <li><code>sidebar_state</code> remembers whether the app sidebar is open (7 days).</li>
              <li>A file you drop before signing in is kept in your browser for up to 30 minutes, then deleted.</li>
            </ul>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              Uploads stay until you delete them. Deleting your account deletes your uploads and profile; billing records
              are kept as long as tax law requires. Security records are kept for up to a year.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can see, correct, export and delete your data in the app, and ask us for a copy or deletion of anything
              else through the <Link to="/contact">contact form</Link>. We answer privacy requests within 30 days.
            </p>
          ),
        },
      ]}
    />
  )
}
