import { z } from 'zod'
import { CONTACT } from '../constants.ts'

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

/** The contact form (001 §3, §5): all four fields required, the e-mail in e-mail format. */
export const contactMessageSchema = z.object({
  name: required('Name', CONTACT.nameMaxLength),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT.emailMaxLength, `Email must be at most ${CONTACT.emailMaxLength} characters`)
    .pipe(z.email('Please enter a valid email address')),
  subject: required('Subject', CONTACT.subjectMaxLength),
  message: required('Message', CONTACT.messageMaxLength).pipe(
    z.string().min(CONTACT.messageMinLength, `Message must be at least ${CONTACT.messageMinLength} characters`),
  ),
})

export type ContactMessageInput = z.infer<typeof contactMessageSchema>

export const contactMessageSentSchema = z.object({ sent: z.literal(true), id: z.string() })

