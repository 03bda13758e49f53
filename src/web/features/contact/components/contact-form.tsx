import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { CONTACT } from '#common/constants'
import { CONTACT_MESSAGES } from '#common/messages'
import { contactMessageSchema, type ContactMessageInput } from '#common/schemas/contact'
import { Button } from '#web/components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '#web/components/ui/form'
import { Input } from '#web/components/ui/input'
import { Spinner } from '#web/components/ui/spinner'
import { Textarea } from '#web/components/ui/textarea'
import { ApiError } from '#web/lib/api-client'
import { useSendContactMessage } from '../api/send-contact-message'

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' }

/** Name, e-mail, subject and message, all required (001 §5); the server checks them again. */
export function ContactForm() {
  const form = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY })
  const send = useSendContactMessage()
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function onSubmit(values: ContactMessageInput) {
    try {
      await send.mutateAsync(values)
      form.reset(EMPTY)
      setSentTo(values.email)
      toast.success(CONTACT_MESSAGES.sentTitle, { description: CONTACT_MESSAGES.sentBody })
    } catch (error) {
      // A refused rate limit or a field the server rejected says why; anything else is generic.
      const message = error instanceof ApiError && error.status < 500 ? error.message : CONTACT_MESSAGES.failed
      toast.error(CONTACT_MESSAGES.errorTitle, { description: message })
    }
  }

  if (sentTo) {
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border bg-card p-8 text-center" role="status">
        <CheckCircle2Icon className="size-10 text-green-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{CONTACT_MESSAGES.sentTitle}</h2>
        <p className="text-muted-foreground">We will answer at {sentTo}.</p>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 rounded-xl border bg-card p-5 sm:p-8" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" maxLength={CONTACT.nameMaxLength} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" maxLength={CONTACT.emailMaxLength} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Subject</FormLabel>
              <FormControl>
                <Input maxLength={CONTACT.subjectMaxLength} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Message</FormLabel>
              <FormControl>
                <Textarea rows={6} maxLength={CONTACT.messageMaxLength} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Spinner aria-hidden="true" />}
          Send message
        </Button>
      </form>
    </Form>
  )
}
