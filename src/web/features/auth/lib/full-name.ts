/** The name sent on sign-up: first and last joined by a space, or the e-mail when both are empty. */
export function buildFullName({
  firstName,
  lastName,
  email,
}: {
  firstName: string
  lastName: string
  email: string
}) {
  const name = [firstName.trim(), lastName.trim()].filter(Boolean).join(' ')
  return name || email
}
