/** The Magic Chat heading's id: the AI search panel leads there when its answer is not rows. */
export const MAGIC_CHAT_HEADING_ID = 'magic-chat-heading'

/** Scrolls Magic Chat into view and puts the focus on its heading. */
export function goToMagicChat() {
  const heading = document.getElementById(MAGIC_CHAT_HEADING_ID)
  if (!heading) return
  heading.scrollIntoView({ block: 'start' })
  heading.focus({ preventScroll: true })
}
