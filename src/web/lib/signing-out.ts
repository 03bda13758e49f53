/**
 * Set while the user signs out on purpose. The route guard then sends a page that loses its
 * session to '/', not to '/?auth=required' as an expired session would be: the navigation to '/'
 * that sign-out starts first can still be pending when the session is cleared (a busy machine,
 * a transition), and the guard must not turn a deliberate sign-out into a sign-in prompt.
 */
let signingOut = false

export const markSigningOut = () => {
  signingOut = true
}

/** Cleared by the guard once a session is there again (the next sign-in). */
export const clearSigningOut = () => {
  signingOut = false
}

export const isSigningOut = () => signingOut
