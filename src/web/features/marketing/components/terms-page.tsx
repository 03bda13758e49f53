import { Link } from 'react-router'
import { PLAN, TRIAL } from '#common/constants'
import { LegalPage } from './legal-page'

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using Rowcraft: your account, your data, the trial, the Pro plan, credits and acceptable use."
      updated="2026-11-22"
      sections={[
        {
          heading: 'The service',
          body: (
            <p>
              Rowcraft lets you upload lead lists, add AI-generated columns, ask questions of your data and export the
              result. The software is open source under the MIT licence; these terms cover the use of an instance run as a
              service.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password to yourself and tell us through the <Link to="/contact">contact form</Link> if you think
              someone else has used your account. You are responsible for what is done with it.
            </p>
          ),
        },
        {
          heading: 'Your data',
          body: (
            <p>
              The lists you upload remain yours. You confirm that you may process the personal data they contain, for
              example because the people in them gave consent or you have a legitimate interest, and that you will follow
              the law that applies to contacting them. We process your lists only to provide the service, as described in
              the <Link to="/privacy">Privacy Policy</Link>.
            </p>
          ),
        },
        {
          heading: 'Trial, plan and credits',
          body: (
            <>
              <p>
                The {PLAN.name} costs ${PLAN.priceUsd} per month after a {TRIAL.days}-day free trial with{' '}
                {TRIAL.credits.toLocaleString('en-US')} credits. You can cancel at any time before the trial ends and pay
                nothing; after that, cancelling stops the next renewal.
              </p>
              <p>
                Credits pay for AI answers and reset each month; unused credits do not carry over. A failed AI answer is
                refunded. With your own API key, your provider bills you for the calls made with it.
              </p>
            </>
          ),
        },
        {
          heading: 'AI output',
          body: (
            <p>
              AI answers can be wrong. Each one is shown with its reasoning and confidence so you can check it; you decide
              how to use it. Do not rely on AI output alone for decisions with legal or similarly significant effects on a
              person.
            </p>
          ),
        },
        {
          heading: 'Acceptable use',
          body: (
            <p>
              Do not use Rowcraft to send spam, to process data you have no right to, to attack the service or other
              people, or to try to get access you were not given.
            </p>
          ),
        },
        {
          heading: 'Changes and contact',
          body: (
            <p>
              We will announce material changes to these terms by e-mail before they apply. Questions go through the{' '}
              <Link to="/contact">contact form</Link>.
            </p>
          ),
        },
      ]}
    />
  )
}
