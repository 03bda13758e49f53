import { ContactPage } from '#web/features/contact/components/contact-page'

export function ContactRoute() {
  return <ContactPage />
}
