import type { ContactMessageInput } from '#common/schemas/contact'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** The mail an operator receives for one contact message; replying answers the sender. */
export function contactMail(message: ContactMessageInput & { id: string }) {
  const subject = `Contact form: ${message.subject.replace(/[\r\n]+/g, ' ')}`
  const text = [
    `From: ${message.name} <${message.email}>`,
    `Subject: ${message.subject}`,
    '',
    message.message,
    '',
    `Message id: ${message.id}`,
  ].join('\n')
  const html = `<p><strong>From:</strong> ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;<br>
<strong>Subject:</strong> ${escapeHtml(message.subject)}</p>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
<p style="color:#666">Message id: ${message.id}</p>`
  return { subject, text, html }
}
