/** How a signed-in user is named on screen (001 §2, Home dashboard). */
export type DisplayUser = {
  name?: string | null
  email: string
  firstName?: string | null
  lastName?: string | null
}

export function getDisplayName(user: DisplayUser) {
  const fromParts = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ')
  return user.name?.trim() || fromParts || user.email
}

/** 'Welcome, {name}': first word of the full name, else the e-mail before the @, else 'there'. */
export function getGreetingName(user: DisplayUser | null | undefined) {
  const firstWord = user?.name?.trim().split(/\s+/)[0]
  // A name that is the e-mail itself (sign-up without a name) greets by the local part.
  if (firstWord && !firstWord.includes('@')) return firstWord
  const localPart = user?.email.split('@')[0]?.trim()
  return localPart || 'there'
}

export function getInitials(user: DisplayUser) {
  const parts = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean)
  const words = parts.length > 0 ? parts : (user.name?.trim().split(/\s+/) ?? [])
  const letters = words
    .filter((word): word is string => Boolean(word) && !word?.includes('@'))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
  return (letters || user.email.charAt(0) || '?').toUpperCase()
}
