import type { MailMessage } from './mail.ts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function actionMail(options: {
  to: string
  subject: string
  greeting: string
  intro: string
  action: string
  link: string
  outro: string
}): MailMessage {
  const text = `${options.greeting}\n\n${options.intro}\n\n${options.link}\n\n${options.outro}\n\n— Rowcraft`
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<p>${escapeHtml(options.greeting)}</p>
<p>${escapeHtml(options.intro)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(options.action)}</a></p>
<p style="font-size:12px;color:#555">Or paste this link into your browser: ${escapeHtml(options.link)}</p>
<p>${escapeHtml(options.outro)}</p>
<p>— Rowcraft</p></body></html>`
  return { to: options.to, subject: options.subject, text, html, link: options.link }
}

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return actionMail({
    to,
    subject: 'Confirm your Rowcraft account',
    greeting: `Hi ${name || 'there'},`,
    intro: 'Thanks for signing up for Rowcraft. Confirm your e-mail address to finish creating your account.',
    action: 'Confirm my e-mail',
    link,
    outro: "If you didn't sign up, you can ignore this e-mail.",
  })
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return actionMail({
    to,
    subject: 'Reset your Rowcraft password',
    greeting: `Hi ${name || 'there'},`,
    intro: 'Someone asked to reset the password of your Rowcraft account. The link works for one hour.',
    action: 'Choose a new password',
    link,
    outro: "If it wasn't you, ignore this e-mail: your password stays as it is.",
  })
}

export function webhookDisabledMail(to: string, name: string, url: string, link: string): MailMessage {
  return actionMail({
    to,
    subject: 'A Rowcraft webhook was turned off',
    greeting: `Hi ${name || 'there'},`,
    intro: `Calls to your webhook ${url} have failed for 3 days, so Rowcraft stopped sending them. Check the receiver, then add the webhook again in API Settings.`,
    action: 'Open API Settings',
    link,
    outro: 'Deliveries that failed are listed with the webhook until you remove it.',
  })
}

export function autoRunPausedMail(to: string, name: string, column: string, cap: number, link: string): MailMessage {
  return actionMail({
    to,
    subject: `Run on new rows is paused for ${column}`,
    greeting: `Hi ${name || 'there'},`,
    intro: `The AI column ${column} reached its monthly cap of ${cap.toLocaleString('en-US')} credits for Run on new rows, so new rows are not enriched by it until next month. Rows added meanwhile are kept; you can run them yourself, or raise the cap in the column's settings.`,
    action: 'Open the file',
    link,
    outro: 'Your other columns and your manual runs are not affected.',
  })
}
