import { BookOpenIcon, MailIcon } from 'lucide-react'
import { Link } from 'react-router'
import { usePageMeta } from '#web/lib/page-meta'
import { ContactForm } from './contact-form'

export function ContactPage() {
  usePageMeta({
    title: 'Contact',
    description: 'Questions about Rowcraft, billing or your data? Send the team a message and we will answer by e-mail.',
  })

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1fr_2fr] md:py-16">
      <div>
        <h1 className="text-4xl font-bold tracking-tight">Contact us</h1>
        <p className="mt-3 text-pretty text-muted-foreground">
          Questions about importing a file, your plan or your data? Write to us and we will answer by e-mail.
        </p>
        <ul className="mt-8 grid gap-4 text-sm">
          <li className="flex gap-3">
            <BookOpenIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Many answers are already in the{' '}
              <Link to="/help" className="font-medium text-primary underline-offset-4 hover:underline">
                Help Center
              </Link>
              .
            </span>
          </li>
          <li className="flex gap-3">
            <MailIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>Privacy requests (access, correction, deletion) can be sent here too.</span>
          </li>
        </ul>
      </div>
      <ContactForm />
    </div>
  )
}
