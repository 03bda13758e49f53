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
  wrongPassword: 'Invalid email or password. Check both and try again, or reset your password.',
  emailNotVerifiedTitle: 'Email not verified',
  emailNotVerifiedBody: (email: string) =>
    `We sent a new confirmation email to ${email}. Click the link in it to verify your account, then you are signed in.`,
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
  latestProjects: 'Your Latest Projects',
  quickStart: 'Quick Start',
  quickStartTitle: 'Upload New File',
  quickStartHint: 'Drop your file here',
  quickStartUploading: 'Uploading...',
  createAiFields: 'Create AI Fields',
  uploadDataFirst: 'Upload data first',
  viewBlog: 'View Blog',
  browseFiles: 'Browse Files',
  infoUploadData: 'Upload Data',
  infoAiEnrichment: 'AI Enrichment',
  infoExportResults: 'Export Results',
} as const

export const FILE_STORAGE_MESSAGES = {
  uploadFile: 'Upload File',
  yourFiles: 'Your Files',
  loadFailed: 'Failed to load files',
} as const

export const UPLOAD_DETAIL_MESSAGES = {
  notFoundTitle: 'File not found',
  notFoundBody: "This file doesn't exist, or it belongs to another account.",
  goToFiles: 'Go to File Storage',
  totalRows: 'Total Rows',
  validRows: 'Valid',
  skippedRows: 'Skipped',
  completeness: 'Data Completeness',
  completenessHigh: 'High',
  completenessMedium: 'Medium',
  completenessLow: 'Low',
  downloadSkipped: (n: number) => `Download skipped rows (${n.toLocaleString('en-US')})`,
  retryImport: 'Retry import',
  retryStarted: 'Import started again',
  retryFailed: 'Could not start the import again',
  deleteFile: 'Delete file',
  awaitingHeaderTitle: 'Confirm the header row',
  awaitingHeaderBody: 'Tell us which row holds the column names, and the import will start.',
  confirmHeaders: 'Review headers',
  loadRowsFailed: 'Failed to load rows',
  processed: 'Processed',
  processedOf: (processed: number, total: number) =>
    `${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  aiEnrichment: 'AI Enrichment',
  aiColumns: (n: number) => `${n.toLocaleString('en-US')} AI column${n === 1 ? '' : 's'}`,
  enrichedRows: (n: number) => `${n.toLocaleString('en-US')} enriched row${n === 1 ? '' : 's'}`,
  viewDetails: 'View details',
  renameButton: 'Rename file',
  renameTitle: 'Rename File',
  renamePlaceholder: 'Enter new filename',
  renameSubmit: 'Rename',
  renameSuccess: 'File renamed successfully',
  renameErrorTitle: 'Error renaming file',
  renameErrorBody: 'Failed to rename file. Please try again.',
  tryAgain: 'Try again',
} as const

/** The Data Quality Report dialog (001 §2, §3 "Data quality issue"). */
export const QUALITY_REPORT_MESSAGES = {
  title: 'Data Quality Report',
  description: 'What the importer found while reading this file.',
  totalRows: 'Total Rows',
  validRows: 'Valid Rows',
  skippedRows: 'Skipped Rows',
  issues: 'Quality Issues',
  filterLabel: 'Filter by action',
  allActions: 'All actions',
  actions: { skipped: 'Skipped', padded: 'Padded', other: 'Other' },
  issueRow: (row: number) => `Row ${row.toLocaleString('en-US')}`,
  issueColumns: (expected: number, actual: number) => `Expected ${expected} columns, found ${actual}`,
  metrics: 'Quality metrics',
  recommendations: 'Recommendations',
  recommendSkipped: 'Some rows had more values than the header. Check for unquoted commas or delimiters inside values, then upload the file again.',
  recommendPadded: 'Some rows had fewer values than the header and were padded with empty cells. Check that those rows are complete.',
  recommendCompleteness: 'Many cells are empty. Fill in missing values, or add AI columns to enrich the rows.',
  recommendNone: 'Your file looks clean: no action needed.',
  noIssues: 'No data quality issues found!',
} as const

/** The upload detail data grid (001 §2 "Upload detail", §5, §8). */
export const GRID_MESSAGES = {
  gridLabel: 'Rows',
  /** `rows` is a number, or a capped count already written as '10,000+'. */
  summary: (rows: number | string, columns: number) =>
    `${typeof rows === 'number' ? rows.toLocaleString('en-US') : rows} rows · ${columns.toLocaleString('en-US')} columns`,
  searchPlaceholder: 'Search across all columns...',
  searchLabel: 'Search rows',
  filter: 'Filter',
  addFilter: 'Add Filter',
  filterColumn: 'Column',
  filterCondition: 'Condition',
  filterValue: 'Value',
  filterValuePlaceholder: 'Value to match',
  filterNeedsColumnAndValue: 'Choose a column and enter a value.',
  removeFilter: (chip: string) => `Remove filter ${chip}`,
  clearFilters: 'Clear filters',
  operators: {
    contains: 'contains',
    equals: 'equals',
    starts_with: 'starts with',
    ends_with: 'ends with',
    greater_than: 'greater than',
    less_than: 'less than',
    is_empty: 'is empty',
    is_not_empty: 'is not empty',
  },
  columns: 'Columns',
  columnsMenuLabel: 'Show, rename, add or delete columns',
  showColumn: (name: string) => `Show ${name}`,
  renameColumn: (name: string) => `Rename ${name}`,
  deleteColumn: (name: string) => `Delete ${name}`,
  moveColumnLeft: (name: string) => `Move ${name} left`,
  moveColumnRight: (name: string) => `Move ${name} right`,
  columnNameLabel: 'Column name',
  columnTypeLabel: 'Column type',
  columnTypes: { text: 'Text', number: 'Number', date: 'Date', boolean: 'Boolean' },
  addColumn: 'Add column',
  addColumnPlaceholder: 'New column name',
  save: 'Save',
  cancel: 'Cancel',
  updateColumnFailed: 'Failed to update column',
  deleteColumnTitle: (name: string) => `Delete column '${name}'?`,
  deleteColumnBody: 'Its values are removed from every row. This action cannot be undone.',
  delete: 'Delete',
  sortBy: (name: string) => `Sort by ${name}`,
  resizeColumn: (name: string) => `Resize ${name}`,
  selectRow: (n: number) => `Select row ${n.toLocaleString('en-US')}`,
  selectAllInView: 'Select all rows in view',
  selectedCount: (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'} selected`,
  clearSelection: 'Clear selection',
  deleteSelected: 'Delete Selected',
  noRowsSelectedBody: 'Please select at least one row to delete.',
  deleteRowsTitle: 'Delete rows',
  deleteRowsConfirm: (n: number) => `Are you sure you want to delete ${n} row(s)? This action cannot be undone.`,
  rowsDeleted: 'Rows deleted',
  deleteRowsFailed: 'Failed to delete rows. Please try again.',
  deleteRowsUnexpected: 'An unexpected error occurred while deleting rows.',
  noRowsMatch: 'No rows match',
  noRowsMatchBody: 'Nothing in this file matches your search and filters.',
  noRowsYet: 'No rows yet.',
  loadingRows: 'Loading rows',
  rowNumber: '#',
  rowsPerPage: 'Rows per page',
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  pageOfMany: (page: number) => `Page ${page} of many`,
  pagination: 'Row pages',
  previous: 'Previous',
  next: 'Next',
  goToPage: (page: number) => `Page ${page}`,
  continuousScroll: 'Load as you scroll',
  loadMore: 'Load more',
  loadingMore: 'Loading more rows...',
  allLoaded: (n: number) => `All ${n.toLocaleString('en-US')} rows loaded`,
  expandCell: 'Show full value',
  cellValueTitle: (column: string, row: number) => `${column}, row ${row.toLocaleString('en-US')}`,
  editCell: (column: string, row: number) => `Edit ${column}, row ${row.toLocaleString('en-US')}`,
  cellSaved: 'Cell saved',
  cellSaveFailed: 'Failed to save cell',
  /** An edit the column cannot hold: said in the editor and by the server (422), the old value kept. */
  cellNeedsNumber: (column: string) => `'${column}' holds numbers: enter a number such as 42 or 3.5.`,
  cellNeedsDate: (column: string) => `'${column}' holds dates: enter a date such as 2024-03-31.`,
  cellNeedsBoolean: (column: string) => `'${column}' holds true or false.`,
  cellKeptOld: 'The cell keeps its old value.',
  datePlaceholder: 'YYYY-MM-DD',
  booleanTrue: 'true',
  booleanFalse: 'false',
  booleanEmpty: '(empty)',
  errorBadge: 'Error',
  addCredits: 'Add credits',
  export: 'Export',
  exportAll: 'Export All',
  exportView: (n: number | string) => `Export View (${typeof n === 'number' ? n.toLocaleString('en-US') : n} rows)`,
  exportSelected: (n: number) => `Export Selected (${n.toLocaleString('en-US')} rows)`,
  exportFormats: { csv: 'CSV', json: 'JSON', xlsx: 'Excel (.xlsx)' },
  exportBom: 'UTF-8 BOM for Excel',
  exportColumnsNote: 'Every export has the columns shown in the grid, in its order. Hidden columns are left out.',
  exportStarted: (file: string) => `Downloading ${file}`,
  exportFailed: 'Export failed',
  highlightedRow: 'Highlighted row',
  rowNotFound: (n: number) => `Row ${n.toLocaleString('en-US')} was not found in this file.`,
} as const

/** Every type the importer takes (UPLOAD.acceptedExtensions), as the upload dialog names them. */
const ACCEPTED_FILE_TYPES = 'CSV (.csv), TSV (.tsv), text (.txt) or Excel (.xlsx)'

export const UPLOAD_MESSAGES = {
  dialogTitle: 'Upload CSV File',
  statusReady: 'Ready to upload',
  statusUploading: 'Uploading file...',
  statusProcessing: 'Processing CSV data...',
  statusRows: (processed: number, total: number | null) =>
    total ? `Processing rows... ${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}` : `Processing rows... ${processed.toLocaleString('en-US')}`,
  statusComplete: 'Upload complete!',
  statusFailed: 'Upload failed',
  invalidTypeTitle: 'Invalid file type',
  invalidTypeBody: 'Please select a CSV file',
  selectValidCsv: 'Please select a valid CSV file',
  landingInvalidTitle: 'Invalid File Type',
  landingInvalidBody: 'Please upload a CSV file',
  tooLarge: (limitMb: number) => `This file is larger than ${limitMb} MB, the upload limit. Split it into smaller files and try again.`,
  uploadFailedTitle: 'Upload failed',
  uploadFailedBody: 'There was an error uploading your file. Please try again.',
  uploadSuccessTitle: 'Upload successful',
  uploadSuccessBody: (file: string) => `${file} has been uploaded and processed`,
  processedBackground: (valid: number, skipped: number) =>
    `File processed successfully with ${valid} valid rows` + (skipped > 0 ? `. ${skipped} rows were skipped due to data quality issues` : ''),
  processingFailedTitle: 'Processing failed',
  processingFailedBody: 'There was an error processing your file',
  processingErrorTitle: 'Processing error',
  processingErrorBody: 'Unable to check processing status',
  headerFlowFailed: 'There was an error processing your file. Please try again.',
  headerDialogTitle: (file: string) => `Header Detection for ${file}`,
  headerConfident: "We're confident this CSV has headers",
  headerMaybe: 'This CSV might have headers',
  headerUnlikely: 'This CSV might not have headers',
  noHeaders: 'No Headers',
  useAsHeaders: 'Yes, Use as Headers',
  fileSavedTitle: 'File Saved',
  fileSavedBody: 'Your file will be processed after you sign in',
  saveFailedTitle: 'Error',
  saveFailedBody: 'Failed to save file. Please try again.',
  saveForLaterFailed: 'Failed to save file for later upload',
  restoreFailed: 'Failed to restore saved file',
  fileProcessedTitle: 'File Processed',
  fileProcessedBody: 'Your CSV file has been processed successfully',
  pendingFailedTitle: 'Processing Failed',
  pendingFailedBody: 'There was an error processing your saved file',
  landingUploadedTitle: 'File Uploaded Successfully',
  landingUploadedBody: 'Redirecting to dashboard...',
  landingUploadFailedTitle: 'Upload Failed',
  landingUploadFailedBody: 'There was an error processing your file',
  dropHere: 'Drop your CSV file here',
  emptyFile: 'The file is empty.',
  binaryFile: "This file doesn't look like a CSV (it contains binary data). Export your sheet as CSV or .xlsx and try again.",
  noDataQualityIssues: 'No data quality issues found!',
  trySample: 'Try with sample data',
  tooLargeTitle: 'File too large',
  oneFileAtATime: 'Please drop one file at a time',
  dropZoneTitle: 'Drag & drop your file here',
  dropZoneHint: 'or click to browse',
  acceptedTypes: (limitMb: number | null) =>
    `Accepted: ${ACCEPTED_FILE_TYPES}` + (limitMb ? `, up to ${limitMb} MB` : ''),
  /** The dialog's status line for a file of another type (the toast keeps the product's words). */
  wrongTypeStatus: 'Invalid file type',
  wrongTypeDetail: (file: string) => `${file} is not a file we can import. Choose a ${ACCEPTED_FILE_TYPES} file.`,
  continuesInBackground: 'Your file keeps processing in the background. Find it in File Storage.',
  landingIdleTitle: 'Drag & drop your CSV file here',
  landingDragTitle: 'Drop your CSV file',
  startProcessing: 'Start Processing',
  landingProcessingTitle: 'Processing...',
  landingProcessingBody: 'Analyzing your CSV file',
  pendingUploading: (percent: number) => `Uploading your saved file... ${percent}%`,
  pendingImporting: 'Importing your saved file...',
  headerConfidence: (percent: number) => `${percent}% confidence`,
  headerRowLabel: 'Header row',
  headerReasons: 'Why we think so',
  sheetLabel: 'Sheet',
} as const

/** Column management (spec 001 §5, §8). */
export const COLUMN_MESSAGES = {
  nameConflictTitle: 'Name conflict',
  aiNameConflict: (name: string) => `'${name}' is already an AI field. Please choose a different name.`,
  columnNameConflict: (name: string) => `'${name}' is already a column. Please choose a different name.`,
  renameUnchanged: 'Enter a name different from the current one.',
  notFound: 'This column no longer exists. Refresh the page and try again.',
  unknownKeys: 'The column list changed. Refresh the page and try again.',
  columnDeleted: 'Column deleted',
  columnRenamed: 'Column renamed',
  columnAdded: 'Column added',
  deleteFailed: 'Failed to delete column',
  renameFailed: 'Failed to rename column',
  addFailed: 'Failed to add column',
  uploadIdMissing: 'Upload ID is missing. Please try refreshing the page.',
} as const

export const PAYMENT_MESSAGES = {
  modalTitle: 'Welcome to Pro!',
  modalSubtitle: 'Start your 14-day free trial',
  planLine: 'Pro Plan - $29/month',
  benefits: ['Unlimited AI-powered features', 'Premium data processing', 'Priority support'],
  setupRequired: 'Payment Setup Required',
  setupRequiredBody: 'Start your free trial to use the app. You can cancel anytime.',
  startTrial: 'Start Free Trial',
  signOutExit: 'Sign Out & Exit',
  startingTrial: 'Starting your trial...',
  checkoutInitiated: 'Trial checkout initiated',
  checkoutInitiatedBody: 'Complete checkout in the new tab; this page updates by itself.',
  verified: 'Trial access verified!',
  verifying: 'Verifying your trial...',
  slowVerification: 'Verification taking longer than expected',
  slowVerificationBody: 'Your access will appear as soon as the payment provider confirms it.',
  checkoutFailed: 'Checkout Failed',
  checkoutNetwork: 'Network error. Please check your connection and try again.',
  checkoutGeneric: 'Failed to start checkout. Please try again.',
  loadingSlow: 'This is taking longer than expected...',
  statusCheckFailedTitle: "We couldn't check your subscription",
  statusCheckFailedBody: 'Check your connection and try again. Your plan and credits are unchanged.',
  retry: 'Try again',
  paymentFailedTitle: 'Payment Failed',
  paymentFailedBody: (hours: number) =>
    `You have ${hours} hours remaining to update your payment method before access is restricted`,
  updatePayment: 'Update Payment',
  trialExpiredTitle: 'Trial Expired',
  trialExpiredBody: 'Your free trial has ended. Subscribe to continue using all features.',
  subscribeNow: 'Subscribe Now',
  popupBlocked: 'Your browser blocked the new tab. Allow pop-ups for this site and try again.',
  gateBlocked: 'An active subscription or trial is required. Start your free trial to continue.',
} as const

export const CREDIT_MESSAGES = {
  insufficientTitle: 'Insufficient Credits',
  insufficient: (needed: number, remaining: number) =>
    `Insufficient credits: this needs ${needed} credits. You have ${remaining} remaining.`,
  chatInsufficient: (remaining: number) => `AI Chat requires 8 credits. You have ${remaining} remaining.`,
  promptTestInsufficient: (needed: number, remaining: number) =>
    `You need ${needed} credits to test this prompt. ${remaining} remaining.`,
  creditErrorTitle: 'Credit Error',
  creditErrorFallback: 'Failed to consume credits',
  featureRestrictedTitle: 'Feature Restricted',
  chatRestricted: 'AI Chat requires credits. Please add more credits to continue using this feature.',
  aiFieldLimitTitle: 'AI Field Limit Reached',
  aiFieldLimit: (limit: number) =>
    `Your current plan allows up to ${limit} AI fields. Please add more credits or contact support for higher limits.`,
  addCredits: 'Add credits',
} as const

export const SUBSCRIPTION_PAGE_MESSAGES = {
  refresh: 'Refresh',
  refreshed: 'Subscription Refreshed',
  refreshedBody: 'Your subscription status is up to date.',
  refreshFailed: 'Failed to refresh subscription status.',
  currentPlan: 'Current Plan',
  creditUsage: 'Credit Usage',
  usageChart: 'Credits used per day',
  usageChartHint: 'The last 30 days',
  usageHistory: 'Usage History',
  usageHistoryEmpty: 'No credit activity yet.',
  billingHistory: 'Billing History',
  billingHistoryEmpty: 'No billing history yet',
  billingHistoryEmptyBody: 'Your invoices will appear here once you subscribe.',
  usageTips: 'Usage Tips',
  manageBilling: 'Manage billing',
  portalFailed: 'Failed to open billing portal. Please try again.',
  /** The 'Manage billing' page where no card is taken (local billing); operator notes are in the README. */
  portalNoCardBody: 'Your plan needs no card: there are no payment methods or invoices to manage here, and nothing is charged.',
  portalPlan: 'Plan',
  portalCredits: 'Credits left',
  portalHelp: 'Questions about your plan or credits? Write to us: we answer within 24 hours.',
  portalContact: 'Contact support',
  portalBack: 'Back to Subscription & Billing',
  free: 'Free',
} as const

/** File Storage's folders and file actions (001 §2 "File Storage", §8 files and folders). */
export const FOLDER_MESSAGES = {
  createFolder: 'Create Folder',
  searchPlaceholder: 'Search files and folders...',
  yourFolders: 'Your Folders',
  noResults: 'No results found',
  loadFoldersFailed: 'Failed to load folders',
  invalidCsv: 'Please select a valid CSV file',
  uploadFailed: 'Failed to upload file',
  uploaded: 'File uploaded successfully',
  deleted: (filename: string) => `${filename} deleted successfully`,
  deleteFailed: 'Failed to delete file',
  folderCreated: 'Folder created successfully',
  folderCreateFailed: 'Failed to create folder',
  renamed: 'File renamed successfully',
  renameFailed: 'Failed to rename file',
  moved: 'File moved successfully',
  moveFailed: 'Failed to move file',
  folderDeleteFailed: 'Failed to delete folder',
  folderDeleted: (name: string) => `Folder ${name} deleted`,
  createFolderTitle: 'Create New Folder',
  folderNameLabel: 'Folder name',
  folderNamePlaceholder: 'Enter folder name',
  cancel: 'Cancel',
  renameFileTitle: 'Rename File',
  renameFileSubmit: 'Rename File',
  moveFileTitle: 'Move File to Folder',
  moveFileSubmit: 'Move File',
  rootFolder: 'No Folder (Root)',
  open: 'Open',
  rename: 'Rename',
  moveToFolder: 'Move to Folder',
  delete: 'Delete',
  sortBy: 'Sort by',
  aiFieldsCreated: 'AI Fields created',
  rows: 'Rows',
  updated: 'Updated',
  fileCount: (n: number) => `${n.toLocaleString('en-US')} file${n === 1 ? '' : 's'}`,
  deleteFolderTitle: (name: string) => `Delete folder "${name}"?`,
  deleteFolderBody: (files: number) =>
    files === 0
      ? 'The folder is empty. This cannot be undone.'
      : `Its ${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'} will move to the root (No Folder); no file is deleted.`,
  deleteFileTitle: (filename: string) => `Delete "${filename}"?`,
  deleteFileBody: 'Its rows, AI columns and results, and export history are deleted with it. This cannot be undone.',
  folderNotFound: 'Folder not found',
} as const

/** The home dashboard's counters and blog cards (001 §2 "Home dashboard"). */
export const DASHBOARD_STATS_MESSAGES = {
  filesProcessed: 'Files processed',
  rowsEnriched: 'Rows enriched',
  exportsCreated: 'Exports created',
  insights: 'Latest Insights & Resources',
  readArticle: 'Read Article',
  viewAllArticles: 'View All Articles',
} as const

/** Profile and account security (001 §2 "Profile", §5, §8). */
export const PROFILE_MESSAGES = {
  emailNote: 'Contact support to change your email address',
  saveChanges: 'Save Changes',
  profileUpdated: 'Profile updated successfully.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  sendResetEmail: 'Send Reset Email',
  resetSentTitle: 'Password Reset Email Sent',
  resetSentBody: 'Check your inbox for a link to reset your password.',
  resetFailed: 'Failed to send password reset email. Please try again.',
  changePassword: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDontMatch: "New passwords don't match.",
  passwordTooShort: (min: number) => `New password must be at least ${min} characters long.`,
  currentPasswordWrong: 'Your current password is incorrect.',
  passwordUpdated: 'Password updated successfully.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  avatarInvalidTypeTitle: 'Invalid File Type',
  avatarInvalidType: 'Please upload a JPG, PNG, or GIF image.',
  avatarTooLargeTitle: 'File Too Large',
  avatarTooLarge: 'Please upload an image smaller than 2MB.',
  avatarUpdated: 'Avatar updated successfully.',
  avatarFailed: 'Failed to upload avatar. Please try again.',
  googleAccount: 'Google account',
  googleLinked: 'Your account is linked to Google. You sign in with Google, so there is no password to change here.',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorOn: 'Two-factor authentication is on.',
  twoFactorOff: 'Add a code from an authenticator app to every sign-in.',
  twoFactorEnabled: 'Two-factor authentication enabled.',
  twoFactorDisabled: 'Two-factor authentication turned off.',
  twoFactorInvalidCode: 'That code is not valid. Check your authenticator app and try again.',
  twoFactorCodeTitle: 'Two-factor authentication',
  twoFactorCodeBody: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  twoFactorCodeLabel: 'Authentication code',
  twoFactorVerifySignIn: 'Verify',
  twoFactorBackToSignIn: 'Back to sign in',
  twoFactorChallengeExpired: 'This sign-in has expired. Enter your e-mail and password again.',
  twoFactorTurnOn: 'Turn on',
  twoFactorTurnOff: 'Turn off',
  twoFactorSetUpTitle: 'Set up two-factor authentication',
  twoFactorPasswordPrompt: 'Enter your password to continue.',
  twoFactorScan:
    'Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy or similar), then enter the 6-digit code it shows.',
  twoFactorManualKey: "Can't scan it? Enter this key in the app:",
  twoFactorVerifyAndTurnOn: 'Verify and turn on',
  twoFactorBackupTitle: 'Save your backup codes',
  twoFactorBackupBody:
    'Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them somewhere safe.',
  twoFactorCopyCodes: 'Copy codes',
  twoFactorCodesCopied: 'Backup codes copied.',
  twoFactorDownloadCodes: 'Download',
  twoFactorDone: 'Done',
  twoFactorTurnOffTitle: 'Turn off two-factor authentication?',
  twoFactorTurnOffBody: 'Your password alone will sign you in. Enter your password to confirm.',
  twoFactorFailed: 'Failed to update two-factor authentication. Please try again.',
  passwordWrong: 'That password is incorrect.',
  dangerZone: 'Danger zone',
  deleteAccount: 'Delete account',
  deleteAccountBody:
    'This deletes every file, row, AI result, folder, API key and session of your account and unlinks your Stripe customer. Credit ledger entries are kept, without your name or e-mail, for accounting. This cannot be undone.',
  deleteAccountConfirmPassword: 'Enter your password to confirm.',
  deleteAccountConfirmEmail: 'Type your e-mail address to confirm.',
  deleteAccountMismatch: 'That does not match. Nothing was deleted.',
  accountDeleted: 'Your account has been deleted.',
} as const

/** AI columns: the dialog, runs and cells (001 §8, issue 12). */
export const AI_FIELD_MESSAGES = {
  nameRequired: 'Enter a column name.',
  promptRequired: 'Enter a prompt.',
  nothingToChange: 'Change the name, prompt, output type or web search.',
  choicesTooFew: 'Give at least two choices.',
  choicesDuplicate: 'Each choice must be different.',
  jsonFieldsRequired: 'Name at least one field of the JSON object.',
  jsonFieldsDuplicate: 'Each JSON field needs its own name.',
  jsonFieldNameRequired: 'Name the JSON field.',
  jsonFieldNamePattern: 'A JSON field name starts with a letter and holds letters, digits, spaces or _.',
  selectRows: 'Select at least one row.',
  rowIndexesFormat: 'Row indexes as a comma-separated list of numbers.',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please sign in to create AI fields.',
  fieldNotFound: 'This AI field no longer exists. Refresh the page and try again.',
  rowNotFound: 'This row no longer exists. Pick another row.',
  testRowOutOfSample: (n: number) => `Pick one of the first ${n.toLocaleString('en-US')} rows to test the prompt.`,
  unknownColumns: (names: string[]) =>
    `The prompt refers to ${names.map((n) => `{${n}}`).join(', ')}, which ${names.length === 1 ? 'is not a column' : 'are not columns'} of this file.`,
  selfReference: 'The prompt cannot refer to its own column.',
  runActive: 'This AI field is running. Pause or cancel the run first.',
  nothingToRun: 'No cells in this scope need a run.',
  notRunning: 'This AI field has no run to pause, resume or cancel.',
  notConfiguredTitle: 'AI provider not connected',
  notConfigured:
    'No AI provider is connected. Add your own key in API Settings, or ask the operator to set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama), ANTHROPIC_API_KEY or PERPLEXITY_API_KEY.',
  webSearchNotConfigured:
    'Advanced web search needs Perplexity. Add a Perplexity key in API Settings, or ask the operator to set PERPLEXITY_API_KEY.',
  providerRejectedKey: 'The AI provider refused the API key. Check the key in API Settings.',
  providerUnavailable: 'The AI provider is not answering. Try again in a few minutes.',
  providerTimeout: 'The AI provider took too long to answer.',
  outputMismatch: 'The AI answer did not fit the column type, even after a second try.',
  budgetReached: 'The run stopped at its credit budget.',
  insufficientCreditsCell: 'Insufficient credits',
  startFailed: 'Failed to start enrichment',
  clearFailed: 'Failed to clear AI field data',
  refreshFailed: 'Failed to refresh processing status',
  templateSaveFailed: 'Template Save Failed',
  testFailedTitle: 'Test Failed',
  testFailed: 'Failed to test the prompt. Please try again.',
  createFailed: 'Failed to create AI field. Please try again.',
  errorTitle: 'Error',
  enrichmentStarted: 'Enrichment Started',
  enrichmentCompleted: 'Enrichment completed',
  enrichmentCompletedBody: (processed: number, total: number) =>
    `${processed.toLocaleString('en-US')}/${total.toLocaleString('en-US')} rows processed`,
  fieldCleared: 'AI Field Cleared',
  statusRefreshed: 'Status Refreshed',
  statusRefreshedBody: (n: number) => `Found ${n} actively processing field${n === 1 ? '' : 's'}`,
  fieldCreated: 'AI Field Created',
  fieldUpdated: 'AI Field Updated',
  fieldDeleted: 'AI Field Deleted',
  runPaused: 'Enrichment Paused',
  runResumed: 'Enrichment Resumed',
  runCancelled: 'Enrichment Cancelled',
  refreshStatus: 'Refresh Status',
  exportReasoning: (column: string) => `${column} reasoning`,
  exportConfidence: (column: string) => `${column} confidence`,
  exportSources: (column: string) => `${column} sources`,
} as const

export const REQUEST_MESSAGES = {
  bodyTooLarge: (limitMb: number) =>
    `This request is too large (the limit is ${limitMb} MB). Send less at once, or export fewer rows.`,
} as const

export const IDEMPOTENCY_MESSAGES = {
  keyReused:
    'This idempotency key was already used for a different charge (another amount or operation). Use a new key for a new charge.',
} as const

/** API Settings (001 §4, §5, §8). */
export const API_KEY_MESSAGES = {
  enterValidKey: 'Please enter a valid API key',
  perplexityPrefix: "Perplexity API keys should start with 'pplx-'.",
  invalidKey: 'The provided API key is not valid. Please check and try again.',
  unreachable: (provider: string) =>
    `Could not reach ${provider} to check the key. Please check the address or try again in a moment.`,
  baseUrlRequired: 'Please enter the base URL of your OpenAI-compatible server.',
  baseUrlInvalid: 'The base URL must be an http:// or https:// address without a user name or password.',
  modelRequired: 'Please enter the model name to use.',
  savedTitle: 'API Key Saved',
  savedBody: 'Your API key was validated and stored securely.',
  saveFailed: 'Failed to save API key. Please try again.',
  removedTitle: 'API Key Removed',
  removedBody: 'Your API key has been removed.',
  removeFailed: 'Failed to remove API key. Please try again.',
  removeConfirmTitle: 'Remove API key?',
  removeConfirmBody: 'AI actions will use platform credits again unless another key of yours is active.',
  preferenceTitle: 'Preference Updated',
  preferenceOwnKey: 'Now using your API key by default.',
  preferenceCredits: 'Now using platform credits by default.',
  preferenceFailed: 'Failed to update preference. Please try again.',
  preferenceNeedsKey: 'Save an active API key before choosing to use it.',
  usingOwnKey: 'Using Your API Key',
  usingCredits: 'Using Platform Credits',
  keyNotFound: 'API key not found',
} as const

/** The AI Fields Library (001 §2, §5, §8). */
export const TEMPLATE_MESSAGES = {
  searchPlaceholder: 'Search templates...',
  advancedSearch: 'Advanced Search',
  usedIn: 'Used in:',
  notUsed: 'Not used in any projects yet',
  more: (n: number) => `+${n} more`,
  validationTitle: 'Validation Error',
  validationBody: 'Please fill in all required fields.',
  created: 'AI field template created successfully.',
  updated: 'AI field template updated successfully.',
  deleted: 'AI field template deleted successfully.',
  fetchFailed: 'Failed to fetch AI field templates.',
  createFailed: 'Failed to create AI field template.',
  updateFailed: 'Failed to update AI field template.',
  deleteFailed: 'Failed to delete AI field template.',
  notFound: 'Template not found',
  deleteConfirmTitle: 'Delete template?',
  deleteConfirmBody: (name: string) => `"${name}" will be removed from your library. AI columns already created from it are not changed.`,
} as const

/** The contact page (001 §8). */
export const CONTACT_MESSAGES = {
  sentTitle: 'Message sent!',
  sentBody: "Thanks for writing. We'll answer by e-mail.",
  errorTitle: 'Error',
  failed: 'Failed to send message. Please try again.',
  rateLimited: 'You have sent several messages in a short time. Please wait an hour before sending another.',
} as const

/** The blog (001 §2, §8). */
export const BLOG_MESSAGES = {
  notFound: 'Article not found',
  loadFailed: 'Error loading article',
  viewAll: 'View All Articles',
  clearAll: 'clear all',
} as const

export const UPLOAD_LIMIT_MESSAGES = {
  xlsxTooLargeUnpacked: (limitMb: number) =>
    `This Excel file unpacks to more than ${limitMb} MB, more than Rowcraft imports. Split it into smaller workbooks, or export the sheet as CSV, and try again.`,
  xlsxTooManyRows: (maxRows: number) =>
    `This sheet has more than ${maxRows.toLocaleString('en-US')} rows, more than Rowcraft imports from one sheet. Split it into smaller files and try again.`,
  firstRowTooLong: (limitKb: number) =>
    `The first row of this file is longer than ${limitKb} KB, more than a header row can be. Check that it is a CSV file with one row per line and try again.`,
  tooManyColumns: (maxColumns: number) =>
    `This file has more than ${maxColumns.toLocaleString('en-US')} columns, more than Rowcraft imports. Remove the columns you don't need, or split the file, and try again.`,
} as const

/** What the importer tells the quality report about reading the file (not about single rows). */
export const IMPORT_WARNINGS = {
  heading: 'While reading the file',
  notUtf8: (encoding: string) =>
    `The file is not valid UTF-8, so it was read as ${encoding}. If accented letters look wrong, save it as UTF-8 (in Excel: "CSV UTF-8") and upload it again.`,
  switchedEncoding: (line: number, encoding: string) =>
    `The file stopped being valid UTF-8 from about line ${line}; the rest was read as ${encoding}.`,
  replacedCharacters: (line: number) =>
    `Some characters from about line ${line} on were not valid UTF-8 and were replaced with \uFFFD.`,
  bareCarriageReturn: (line: number) =>
    `Line ${line} holds a carriage return (CR) with no line feed after it: if it was meant as a line break, two rows were read as one there. Check that line in the file.`,
  moreBareCarriageReturns: (count: number) => `${count.toLocaleString('en-US')} more lines hold such a carriage return.`,
} as const

export const MAIL_OUTBOX_MESSAGES = {
  announce: (to: string, subject: string) =>
    `Mail to ${to} ("${subject}") is in the outbox (no SMTP_URL set). Open this link to continue:`,
} as const

/** An import that a stopped process left, and what the user can do about a failed or stuck one. */
export const IMPORT_RECOVERY_MESSAGES = {
  abandoned: 'The import stopped unexpectedly several times. Retry it, or delete the file and upload it again.',
  stillImporting: 'This file is still being imported. Wait until it finishes or fails, then try again.',
  notRetryable: 'Only a file whose import failed or stopped can be imported again.',
} as const
