/** The product's wording (spec 000 §8, 001 §8). */

export const PASSWORD_POLICY_TOOLTIP =
  'Password must be at least 12 characters long and contain uppercase, lowercase, number, and special character'

export const AUTH_MESSAGES = {
  welcomeBackTitle: 'Welcome back!',
  welcomeBackBody: "You've been signed in successfully.",
  checkInboxTitle: 'Please check your inbox',
  checkInboxBody:
    'We sent you a confirmation email. Click the link in the email to verify your account.',
  resetSentTitle: 'Password reset email sent!',
  resetSentBody: 'Please check your email for instructions to reset your password.',
  rateLimitTitle: 'Rate limit exceeded',
  rateLimitBody: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} minute(s).`,
  errorTitle: 'Error',
  unexpected: 'Something went wrong. Please try again.',
  googleFailed: 'Failed to sign in with Google.',
} as const

export const NOT_FOUND_MESSAGES = {
  title: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const

export const AUTH_LINK_MESSAGES = {
  verificationInvalid:
    'This verification link is invalid or has expired. Sign in to receive a new one.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  resetDoneTitle: 'Your password has been reset',
  resetDoneBody: 'Sign in with your new password.',
} as const

export const PAGE_TITLES = {
  home: 'Dashboard',
  files: 'File Storage',
  aiFields: 'AI Fields Library',
  profile: 'Profile',
  subscription: 'Subscription & Billing',
  apiSettings: 'API Settings',
  upload: 'Upload',
} as const

export const DASHBOARD_MESSAGES = {
  noFilesTitle: 'No files yet',
  uploadFirstFile: 'Upload Your First File',
  uploadButton: 'Upload CSV File',
} as const
