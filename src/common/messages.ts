import { CREDIT_COSTS, TRIAL } from './constants.ts'

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

/** The home dashboard's global search (001 §2 "Global search"). */
export const GLOBAL_SEARCH_MESSAGES = {
  label: 'Search all your files',
  placeholder: 'Search every row of every file...',
  shortcutHint: 'Ctrl K',
  searching: 'Searching...',
  noResults: (term: string) => `No results found for ${term}`,
  rowLabel: (rowNumber: number) => `Row ${rowNumber.toLocaleString('en-US')}`,
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
  /** An issue's place is the file's line (a skipped record has no row in the grid): not a row number (decision 034). */
  issueRow: (line: number) => `Line ${line.toLocaleString('en-US')}`,
  issueColumns: (expected: number, actual: number) => `Expected ${expected} columns, found ${actual}`,
  metrics: 'Quality metrics',
  recommendations: 'Recommendations',
  recommendSkipped: 'Some rows had more values than the header. Check for unquoted commas or delimiters inside values, then upload the file again.',
  recommendPadded: 'Some rows had fewer values than the header and were padded with empty cells. Check that those rows are complete.',
  recommendCompleteness: 'Many cells are empty. Fill in missing values, or add AI columns to enrich the rows.',
  recommendNone: 'Your file looks clean: no action needed.',
  noIssues: 'No data quality issues found!',
} as const

const rowsWord = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`

/** Duplicate rows: the quality report's counts, 'Remove duplicates' and Magic Chat's note (issue 30). */
export const DUPLICATES_MESSAGES = {
  reportHeading: 'Duplicates',
  exactRows: (n: number) => (n === 0 ? 'No row repeats another exactly' : `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another row exactly`),
  columnRows: (n: number, column: string) => `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another row's ${column}`,
  /** Records repeated by their identity columns (the count 'Remove duplicates' finds by default). */
  recordRows: (n: number, columns: string[]) =>
    n === 0
      ? `No row repeats another record (same ${columns.join(' and ')})`
      : `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another record (same ${columns.join(' and ')})`,
  /** A website or domain several rows share: colleagues at one company, not duplicates. */
  sharedValues: (n: number, column: string) => `${n.toLocaleString('en-US')} compan${n === 1 ? 'y has' : 'ies have'} more than one contact (same ${column})`,
  sharedHeading: 'Shared companies',
  recommend: "Some rows repeat others, so counts over this file are too high. Use 'Remove duplicates' above the table.",
  openButton: 'Remove duplicates',
  title: 'Remove duplicates',
  description: 'Rows that repeat others are removed; one row of each group stays. Download them first if you may need them.',
  compareLabel: 'Compare',
  compareAll: 'All columns (exact repeats)',
  compareChosen: 'Chosen columns',
  chosenHint: 'Text compares without regard to case, accents or outer spaces; websites compare by domain.',
  identifierBadge: 'identifies a record',
  keepLabel: 'Keep',
  keepFirst: 'The first row of each group',
  keepMostComplete: 'The most complete row of each group',
  chooseColumn: 'Choose at least one column.',
  counting: 'Counting duplicates...',
  found: (rows: number, groups: number) =>
    rows === 0 ? 'No duplicates found.' : `${rowsWord(rows)} will be removed (${groups.toLocaleString('en-US')} group${groups === 1 ? '' : 's'} of repeats).`,
  download: (n: number) => `Download ${rowsWord(n)} (CSV)`,
  remove: (n: number) => `Remove ${rowsWord(n)}`,
  removed: (n: number) => `Removed ${rowsWord(n)}`,
  removeFailed: 'Could not remove the duplicates. Please try again.',
  changed: 'The rows changed since the duplicates were counted. Review the new count and try again.',
  fileLabel: 'duplicates',
  /** Magic Chat: the rows an answer counted hold repeats. */
  chatNote: (parts: string[]) => `The rows counted include duplicates: ${parts.join('; ')}.`,
  chatExact: (n: number) => `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another exactly`,
  chatColumn: (n: number, column: string) => `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another's ${column}`,
  /** The report's rule: a record repeated by its identity columns together. */
  chatRecords: (n: number, columns: string[]) => `${rowsWord(n)} repeat${n === 1 ? 's' : ''} another record (same ${columns.join(' and ')})`,
} as const

/** The upload detail data grid (001 §2 "Upload detail", §5, §8). */
export const GRID_MESSAGES = {
  gridLabel: 'Rows',
  addRow: 'Add row',
  addRowTitle: 'Add a row',
  addRowDescription: "The row goes after the last one. AI columns set to 'Run on new rows' enrich it; formula columns are computed.",
  addRowEmpty: 'Fill in at least one value.',
  rowAdded: (rowNumber: number) => `Row ${rowNumber.toLocaleString('en-US')} added`,
  addRowFailed: 'Could not add the row',
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
  cellDetails: 'Show cell details',
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
  exportAiDetails: 'Include AI reasoning, confidence and sources',
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
  invalidTypeBody: `Please select a ${ACCEPTED_FILE_TYPES} file`,
  selectValidCsv: `Please select a valid ${ACCEPTED_FILE_TYPES} file`,
  landingInvalidTitle: 'Invalid File Type',
  landingInvalidBody: `Please upload a ${ACCEPTED_FILE_TYPES} file`,
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
  filledByRequest: (name: string) => `This column is filled by the HTTP API column ${name}: delete that column to remove both.`,
  filledByAiColumn: (name: string) => `This column holds a field of the AI column ${name}'s answer: delete that column to remove both.`,
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
  notAFormulaColumn: 'Only a formula column has a formula to change.',
  formulaCellsReadOnly: (name: string) => `'${name}' is a formula column: its values come from its formula.`,
} as const

/** Rows added by API (issue 33): `POST /api/uploads/:id/rows`. */
export const ROWS_API_MESSAGES = {
  tooManyRows: (max: number, got: number | null) =>
    `A call adds at most ${max.toLocaleString('en-US')} rows${got === null ? '' : `; this one has ${got.toLocaleString('en-US')}`}. Send the rest in further calls.`,
  noRows: 'Send at least one row: {"rows": [{"Email": "ada@example.com"}]}, or a CSV body with a header row.',
  notAnObject: 'Send the rows as a JSON object: {"rows": [{"Email": "ada@example.com"}], "addColumns": false}.',
  notARow: 'Each row is an object of column names and values, like {"Email": "ada@example.com"}.',
  valueTypeAny: 'Values must be text, numbers, booleans or null; objects and lists are not stored in a cell.',
  unknownColumns: (names: string[], columns: string[]) =>
    `This file has no column named ${names.map((name) => `'${name}'`).join(', ')}. Its columns: ${columns.map((name) => `'${name}'`).join(', ')}. Send "addColumns": true to add new text columns.`,
  repeatedColumn: (name: string) => `The column '${name}' is named twice in one row (names are matched without regard to case).`,
  aiColumn: (name: string) => `'${name}' is an AI column: its cells are filled by its prompt, not by added rows.`,
  blankColumnName: 'A column name is empty. Name every value.',
  tooManyColumns: (max: number) => `A file has at most ${max.toLocaleString('en-US')} columns.`,
  unknownKeyColumn: (name: string, columns: string[]) =>
    `'${name}' is not a column of this file, so rows cannot be matched by it. Its columns: ${columns.map((column) => `'${column}'`).join(', ')}.`,
  csvUnreadable: (reason: string) => `The CSV body could not be read: ${reason}`,
  csvNoHeader: 'The CSV body needs a header row naming the columns, then one line per row.',
  unsupportedType: 'Send the rows as JSON (Content-Type: application/json) or as CSV with a header row (Content-Type: text/csv).',
  idempotencyKeyInvalid: (max: number) => `An Idempotency-Key is 1 to ${max} visible ASCII characters.`,
  idempotencyKeyReused:
    'This Idempotency-Key was used in the last 24 hours for a different request (another file, body or options). Use a new key for new rows; a retry must send the same request.',
} as const

export const PAYMENT_MESSAGES = {
  modalTitle: 'Welcome to Pro!',
  modalSubtitle: 'Start your 14-day free trial',
  planLine: 'Pro Plan - $29/month',
  benefits: ['Unlimited AI-powered features', 'Premium data processing', 'Priority support'],
  setupRequired: 'Payment Setup Required',
  setupRequiredBody: 'Start your free trial to use the app. You can cancel anytime.',
  /** The same notice where no card is asked (local billing, issue 44): 'Payment Setup Required' would be untrue there. */
  noCardRequired: 'No card required',
  noCardRequiredBody: `Start your free trial to use the app: ${TRIAL.credits.toLocaleString('en-US')} credits for ${TRIAL.days} days, nothing to pay. You can cancel anytime.`,
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
    `Insufficient credits: this needs ${needed} credit${needed === 1 ? '' : 's'}. You have ${remaining} remaining.`,
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
  nothingToChange: 'Change the name, prompt, output type, web search or Run on new rows.',
  autoRunCapTooLow: 'A monthly cap is at least 1 credit. Leave it empty for no cap.',
  autoRunCapTooHigh: (max: number) => `A monthly cap can be at most ${max.toLocaleString('en-US')} credits.`,
  autoRunCapReached: 'Not run: this column reached its monthly credit cap for Run on new rows.',
  autoRunPaused: (name: string, cap: number) =>
    `Run on new rows is paused for ${name}: it reached its monthly cap of ${plural(cap, 'credit')}. New rows wait until next month, or raise the cap in the column's settings.`,
  choicesTooFew: 'Give at least two choices.',
  choicesDuplicate: 'Each choice must be different.',
  jsonFieldsRequired: 'Name at least one field of the JSON object.',
  jsonFieldsDuplicate: 'Each JSON field needs its own name.',
  fieldsAsColumnsNeedJson: 'Only a JSON output has fields to put in columns of their own.',
  fieldColumnsFixed: 'This column\'s JSON fields fill columns of their own: keep the same fields and types (descriptions may change), or make a new column.',
  fieldLeftEmpty: (field: string, problem: string) => `Field "${field}" left empty: ${problem}.`,
  jsonFieldNameRequired: 'Name the JSON field.',
  jsonFieldNamePattern: 'A JSON field name starts with a letter and holds letters, digits, spaces or _.',
  selectRows: 'Select at least one row.',
  rowIndexesFormat: 'Row indexes as a comma-separated list of numbers.',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please sign in to create AI fields.',
  nameTooLong: (max: number) => `The column name can be at most ${max} characters.`,
  promptTooLong: (max: number) => `The prompt can be at most ${max.toLocaleString('en-US')} characters.`,
  fieldNotFound: 'This AI field no longer exists. Refresh the page and try again.',
  rowNotFound: 'This row no longer exists. Pick another row.',
  testRowOutOfSample: (n: number) => `Pick one of the first ${n.toLocaleString('en-US')} rows to test the prompt.`,
  unknownColumns: (names: string[]) =>
    `The prompt refers to ${names.map((n) => `{${n}}`).join(', ')}, which ${names.length === 1 ? 'is not a column' : 'are not columns'} of this file.`,
  selfReference: 'The prompt cannot refer to its own column.',
  runActive: 'This AI field is running. Pause or cancel the run first.',
  nothingToRun: 'No cells in this scope need a run.',
  noExamples: 'This column has no corrections yet. Edit one of its cells first, then re-run it with your corrections.',
  exampleNotFound: 'This example does not exist or was removed.',
  notAChoice: (choices: readonly string[]) => `This column's value is one of: ${choices.join(', ')}.`,
  notCorrectable: 'Cells of this column are filled by its source and cannot be corrected. Only AI prompt columns with a single value learn from corrections.',
  correctionTooMany: (max: number) => `This column already keeps ${max.toLocaleString('en-US')} examples. Remove some before you add more.`,
  notRunning: 'This AI field has no run to pause, resume or cancel.',
  notConfiguredTitle: 'AI provider not connected',
  notConfigured:
    'No AI provider is connected. Add your own key in API Settings, or ask the operator to set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama), ANTHROPIC_API_KEY or PERPLEXITY_API_KEY.',
  webSearchNotConfigured:
    'Advanced web search needs Perplexity. Add a Perplexity key in API Settings, or ask the operator to set PERPLEXITY_API_KEY.',
  providerRejectedKey: 'The AI provider refused the API key. Check the key in API Settings.',
  providerUnavailable: 'The AI provider is not answering. Try again in a few minutes.',
  providerTimeout: 'The AI provider took too long to answer.',
  providerAddressRefused:
    'Your AI base URL now leads to a private, local or reserved network address, which this server does not call. Change it in API Settings.',
  outputMismatch: 'The AI answer did not fit the column type, even after a second try.',
  bareAnswerReasoning:
    'The model did not answer in the JSON format asked for, even after a second try; this value was read from its plain reply and is unchecked.',
  budgetReached: 'The run stopped at its credit budget.',
  /** A run paused because its owner has no active plan or trial (decision 031); it goes on once they have one. */
  pausedNoActivePlan: 'Paused: no active plan. Subscribe or start your trial and the run goes on from here.',
  insufficientCreditsCell: 'Insufficient credits',
  startFailed: 'Failed to start enrichment',
  clearFailed: 'Failed to clear AI field data',
  refreshFailed: 'Failed to refresh processing status',
  pauseFailed: 'Failed to pause the run. Please try again.',
  resumeFailed: 'Failed to resume the run. Please try again.',
  cancelFailed: 'Failed to cancel the run. Please try again.',
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
  templateSaved: 'Template Saved',
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

/** The AI column screens' labels (the spec's titles and toasts are in AI_FIELD_MESSAGES). */
export const AI_COLUMN_MESSAGES = {
  enrichWithAi: 'Enrich with AI',
  filledFrom: (name: string) => `from ${name}`,
  fieldsAsColumns: 'Each field in its own column',
  fieldsAsColumnsHint: 'One call per row fills a typed column per field (numbers, yes/no, text) next to this one.',
  filledFromTitle: (name: string) => `Filled by the column ${name}, from the same call: delete ${name} to remove both.`,
  autoRunMenu: 'Run on new rows...',
  autoRunOnBadge: (name: string) => `${name} runs on new rows`,
  autoRunTitle: (name: string) => `Run ${name} on new rows`,
  autoRunDescription:
    'Rows added by API, by an AI assistant or in the grid are enriched by this column as they arrive, with the usual credits per cell (identical inputs are asked once).',
  autoRunEnabled: 'Run on new rows',
  autoRunStale: 'Also re-run rows whose inputs were edited',
  autoRunStaleHint: "An edit of a column the prompt reads marks the row's AI cell stale; with this on, it runs again.",
  autoRunCap: 'Monthly credit cap (optional)',
  autoRunCapHint: 'Auto-runs stop for the rest of the month (UTC) when they have spent this many credits; you get an e-mail.',
  autoRunCapInvalid: 'Enter a whole number of credits, at least 1, or leave it empty.',
  autoRunSpent: (spent: number, cap: number | null) =>
    cap === null ? `${plural(spent, 'credit')} spent by auto-runs this month.` : `${spent.toLocaleString('en-US')} of ${plural(cap, 'credit')} spent by auto-runs this month.`,
  autoRunSaved: 'Run on new rows saved',
  autoRunSaveFailed: 'Could not save Run on new rows',
  autoRunPausedTitle: (name: string) => `Run on new rows is paused for ${name}`,
  autoRunPausedBody: (cap: number) => `It reached its monthly cap of ${plural(cap, 'credit')}. New rows wait until next month, or raise the cap.`,
  autoRunRaiseCap: 'Change the cap',
  createTitle: 'Create AI Column',
  modifyTitle: 'Modify AI Column',
  createDescription: 'Write a prompt; it runs once for each row and fills the new column.',
  modifyDescription: 'A changed prompt, output type or web search setting marks the done cells stale.',
  columnName: 'Column Name',
  columnNamePlaceholder: 'e.g. Company size',
  loadTemplate: 'Load template',
  noTemplates: 'No templates saved yet',
  prompt: 'Prompt',
  promptPlaceholder: 'Describe what to find for each row. Type @ to insert a column, e.g. What industry is @Company in?',
  promptHint: 'Type @ to insert a column as {Column Name}; its value is filled in for each row.',
  suggestionsLabel: 'Columns',
  noColumnMatches: 'No column matches',
  unknownColumns: (names: string[]) => `Not a column of this file: ${names.map((n) => `{${n}}`).join(', ')}`,
  outputType: 'Output type',
  outputKinds: { text: 'Text', number: 'Number', boolean: 'Yes / No', choice: 'One of a list', url: 'URL', email: 'E-mail', json: 'JSON with named fields' },
  choicesLabel: 'Choices (one per line)',
  jsonFieldsLabel: 'JSON fields',
  jsonFieldName: 'Field name',
  jsonFieldType: 'Field type',
  jsonFieldTypes: { text: 'Text', number: 'Number', boolean: 'Yes / No' },
  addJsonField: 'Add field',
  removeJsonField: (name: string) => `Remove field ${name || 'without a name'}`,
  webSearch: 'Advanced web search',
  webSearchHint: `Searches the web for each row (${CREDIT_COSTS.webSearchEnrichment} credits per row instead of ${CREDIT_COSTS.basicEnrichment}).`,
  saveToLibrary: 'Save to library',
  saveToLibraryHint: 'Keep this prompt in the AI Fields Library to reuse it on other files.',
  testSection: 'Test the prompt',
  testRow: 'Test row',
  testRowHint: (max: number) => `One of the first ${max.toLocaleString('en-US')} rows.`,
  testRowMissing: 'This row number is not in the file.',
  runTest: (credits: number) => `Run test (${credits} credit${credits === 1 ? '' : 's'})`,
  testAnswer: 'Answer',
  testError: 'The test failed',
  reasoning: 'Reasoning',
  confidence: 'Confidence',
  sources: 'Sources',
  renderedPrompt: 'Prompt sent',
  remainingCredits: (n: number) => `${n.toLocaleString('en-US')} credits remaining`,
  create: 'Create',
  save: 'Save changes',
  cancel: 'Cancel',
  providerMissingLink: 'Open API Settings',
  estimateTitle: (name: string) => `Run ${name}`,
  estimateDescription: 'Check what this run will do before it starts.',
  scope: 'Rows to run',
  scopes: {
    all: 'All rows',
    empty: 'Empty cells',
    failed: 'Failed cells',
    stale: 'Stale cells',
    selected: (n: number) => `Selected rows (${n.toLocaleString('en-US')})`,
    view: 'Current filtered view',
    corrections: 'All rows but the ones you corrected',
  },
  rerunWithCorrections: 'Re-run with my corrections...',
  examplesMenu: (n: number) => `Examples (${n.toLocaleString('en-US')})...`,
  examplesTitle: (name: string) => `Examples of ${name}`,
  examplesDescription:
    'Values you corrected in this column. Later runs send the most similar few with the prompt. Removing an example keeps your value in its cell: empty the cell to let a run fill it again.',
  examplesEmpty: 'No examples yet. Edit a cell of this column to correct it: your value is kept and taught to later runs.',
  exampleValue: 'Your value',
  removeExample: (row: number) => `Remove the example of row ${row.toLocaleString('en-US')}`,
  exampleRemoved: 'Example removed.',
  correctedBadge: 'Corrected by you',
  correctedDetail: 'You corrected this value. Runs keep it, and later calls of this column learn from it. Empty the cell to let a run fill it again.',
  close: 'Close',
  rowsInScope: 'Rows',
  cells: 'Cells to run',
  credits: 'Credits',
  balance: 'Your balance',
  duration: 'Estimated time',
  distinctInputs: (calls: string) => `${calls} distinct inputs: each is asked once, its copies are free`,
  timingFromHistory: (calls: string, model: string, seconds: string, concurrency: number) =>
    `From the last ${calls} calls to ${model}: ${seconds} s each, ${concurrency} at a time.`,
  timingAssumed: (model: string, seconds: string, concurrency: number) =>
    `No calls to ${model} yet, so this assumes ${seconds} s a call, ${concurrency} at a time.`,
  model: 'Model',
  budget: 'Credit budget (optional)',
  budgetHint: 'The run stops when it has spent this many credits.',
  paysNoCell: (balance: string, perCell: string) => `Your balance of ${balance} does not pay for a single cell (${perCell} each). Add credits to run this column.`,
  notCovered: (short: number) => `Your balance is ${short.toLocaleString('en-US')} credits short for this run; cells left over are marked 'Insufficient credits'.`,
  covered: 'Your balance covers this run.',
  estimating: 'Estimating...',
  start: 'Start',
  later: 'Not now',
  columnMenu: (name: string) => `AI column ${name}`,
  runColumn: 'Run…',
  modifyColumn: 'Modify AI column',
  clearColumn: 'Clear',
  clearConfirmTitle: (name: string) => `Clear ${name}?`,
  clearConfirm: 'Every value of this AI column is emptied. Run it again to fill it in.',
  modifyColumnLabel: (name: string) => `Modify AI column ${name}`,
  bannerLabel: (name: string) => `Enrichment of ${name}`,
  bannerRunning: (name: string) => `Enriching ${name}`,
  bannerPaused: (name: string) => `${name} paused`,
  processedOf: (processed: number, total: number) => `${processed.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} rows`,
  pause: 'Pause',
  resume: 'Resume',
  cancelRun: 'Cancel',
  queued: 'Queued',
  running: 'Running',
  stale: 'Stale: the prompt or an input changed since this value',
  staleBadge: 'Stale',
  cancelled: 'Not run',
  detailTitle: (column: string, row: number) => `${column}, row ${row.toLocaleString('en-US')}`,
  detailDescription: 'The value and where it came from.',
  value: 'Value',
  status: 'Status',
  statuses: { queued: 'Queued', running: 'Running', done: 'Done', error: 'Error', no_credits: 'Insufficient credits', stale: 'Stale', cancelled: 'Cancelled' },
  noValue: 'No value yet. Run the column to fill this cell.',
  pendingValue: 'The answer shows here as soon as the cell is done.',
  provider: 'Provider',
  promptVersion: 'Prompt version',
  tokens: 'Tokens',
  tokensLine: (input: number, output: number, cached: number | null) =>
    `${input.toLocaleString('en-US')} in · ${output.toLocaleString('en-US')} out${cached === null ? '' : ` · ${cached.toLocaleString('en-US')} cached`}`,
  creditsCharged: 'Credits charged',
  latency: 'Latency',
  completedAt: 'Completed',
  reused: 'Reused from a row with the same inputs (no new call, no charge)',
  ownKey: 'Run on your own API key (no credits charged)',
  inputHash: 'Input hash',
  noSources: 'None',
} as const

export const REQUEST_MESSAGES = {
  bodyTooLarge: (limitMb: number) =>
    `This request is too large (the limit is ${limitMb} MB). Send less at once, or export fewer rows.`,
  unstorableCharacter:
    'contains a character that cannot be stored (a NUL byte, \\u0000, or half of a surrogate pair). Remove it and send again.',
  tooDeep: (limit: number) => `is nested more than ${limit} levels deep. Send a flatter value.`,
  aiQuestionsLimited: (limit: number, retryAfterSeconds: number) =>
    `You have asked ${limit} AI questions in the last minute, the most a minute allows. Try again in ${retryAfterSeconds} seconds.`,
  planRunsLimited: (limit: number, retryAfterSeconds: number) =>
    `You have run ${limit} queries in the last minute, the most a minute allows. Try again in ${retryAfterSeconds} seconds.`,
  malformedForm:
    "The upload's form could not be read: a part of it (often the file name) holds characters a form cannot carry. Rename the file and try again.",
  moreIssues: (count: number) => ` (${count.toLocaleString('en-US')} more ${count === 1 ? 'problem' : 'problems'} not listed)`,
  conditionsTooDeep: (limit: number) =>
    `Conditions may nest at most ${limit} groups deep (all, any, not). Flatten the groups and try again.`,
  tooManyConditions: (limit: number) => `A plan or view may hold at most ${limit} conditions in all. Use fewer and try again.`,
  tooManyFormulas: (limit: number) => `A plan or view may hold at most ${limit} conditions on formulas. Use fewer and try again.`,
} as const

export const IDEMPOTENCY_MESSAGES = {
  keyReused:
    'This idempotency key was already used for a different charge (another amount or operation). Use a new key for a new charge.',
} as const

/** API Settings (001 §4, §5, §8). */
/** Personal API tokens (issue 24): API Settings' 'API tokens' and the bearer check. */
export const API_TOKEN_MESSAGES = {
  title: 'API tokens',
  description: 'Call the Rowcraft API from scripts and automations by sending a token as the header "Authorization: Bearer <token>". A token acts as you, with your plan and credits.',
  nameRequired: 'Please enter a name for the token.',
  nameTooLong: (max: number) => `The name can be at most ${max} characters.`,
  limitReached: (max: number) => `You can have at most ${max} API tokens. Revoke one you no longer use first.`,
  createdTitle: 'API Token Created',
  createdBody: 'Copy it now: it will not be shown again.',
  createFailed: 'Failed to create API token. Please try again.',
  copied: 'Token copied to the clipboard.',
  copyFailed: 'Could not copy the token. Select it and copy it by hand.',
  revokedTitle: 'API Token Revoked',
  revokedBody: 'Requests with this token are refused from now on.',
  revokeFailed: 'Failed to revoke API token. Please try again.',
  revokeConfirmTitle: 'Revoke API token?',
  revokeConfirmBody: 'Scripts and automations that use this token will stop working at once.',
  notFound: 'API token not found',
  empty: 'No API tokens yet.',
  missing: 'Please send a valid API token as `Authorization: Bearer <token>`.',
  invalid: 'This API token is not valid: it is unknown, revoked or malformed.',
  refused: 'API tokens cannot be used here: billing, AI keys, sign-in, account, API token and two-factor settings need a signed-in browser session.',
  rateLimited: (seconds: number) => `Too many requests with this API token. Please try again in ${seconds} seconds.`,
  tooManyFailures: (seconds: number) => `Too many requests with invalid API tokens from this address. Please try again in ${seconds} seconds.`,
  expired: (when: string) => `This API token expired on ${when}. Create a new one in API Settings.`,
  expiryInvalid: 'Give the expiry as a date and time, e.g. 2027-01-31T00:00:00Z, or leave it out for a token that does not expire.',
  expiryInPast: 'The expiry must be in the future.',
  scopeRequired: 'Choose the token\'s scope: "read" or "read_write".',
  readScopeRefused: (method: string) =>
    `This API token has the "read" scope: it cannot make changes or spend credits (${method} here). Create a token with the "read_write" scope for that.`,
  scopeLabel: 'Scope',
  scopeNames: { read: 'Read only', read_write: 'Read and write' },
  scopeHelp: 'Read only: list and read files, rows and AI columns, run plans and exports. Read and write: also upload, edit, delete and run AI columns (spends credits).',
  expiryLabel: 'Expires',
  expiryNever: 'No expiry',
  expiryInDays: (days: number) => (days === 365 ? 'In 1 year' : `In ${days} days`),
  expiresOn: (date: string) => `Expires ${date}`,
  expiredOn: (date: string) => `Expired ${date}`,
  expiredBadge: 'Expired',
  neverExpires: 'Never expires',
  docsLink: 'API reference',
  /** `/docs/api` when Scalar's script cannot be loaded (no internet, or the CDN blocked). */
  docsOffline: 'The API reference viewer could not be loaded from this server. The API description itself is here:',
  docsNoScript: 'The API reference needs JavaScript. The API description itself is here:',
} as const

/** The MCP server's answers and API Settings' 'Connect an AI assistant' (issue 33). */
export const MCP_MESSAGES = {
  title: 'Connect an AI assistant',
  description:
    'Claude, Cursor, VS Code and other assistants that speak the Model Context Protocol (MCP) can list your files, read and search rows, run plans, ask questions and start AI columns here.',
  urlLabel: 'MCP server URL',
  tokenNote:
    'Authenticate with a personal API token from the list above, sent as "Authorization: Bearer <token>". A "Read only" token gets the read tools only; AI columns need a "Read and write" token. The assistant acts as you, with your plan and credits.',
  snippetsLabel: 'Configuration',
  tokenPlaceholder: 'YOUR_API_TOKEN',
  copy: 'Copy',
  copyUrl: 'Copy the MCP server URL',
  copyConfig: (client: string) => `Copy the ${client} configuration`,
  copied: 'Configuration copied to the clipboard.',
  copyFailed: 'Could not copy the configuration. Select it and copy it by hand.',
  clients: {
    claudeCode: 'Claude Code',
    claudeDesktop: 'Claude Desktop',
    cursor: 'Cursor',
    vscode: 'VS Code',
  },
  clientHints: {
    claudeCode: 'Run in a terminal:',
    claudeDesktop: 'In claude_desktop_config.json (Claude Desktop reaches remote servers through the mcp-remote bridge):',
    cursor: 'In ~/.cursor/mcp.json or .cursor/mcp.json:',
    vscode: 'In .vscode/mcp.json:',
  },
  tokenRequired: 'Send a personal API token as "Authorization: Bearer <token>" to use the MCP server. Create one in API Settings.',
  methodNotAllowed: 'This MCP server is stateless: send JSON-RPC messages with POST. There is no stream to open with GET and no session to end with DELETE.',
  oneCallPerRequest: 'Send one tool call per request: a batch that holds a tool call is not taken.',
  writeToolRefused: (tool: string) =>
    `This API token has the "read" scope: the tool "${tool}" makes changes or spends credits. Create a token with the "read_write" scope in API Settings for it.`,
  internalError: (requestId: string) => `Something went wrong on our side (request ${requestId}). Please try again.`,
  exportLinkInvalid: 'This download link is not valid. Ask for a new export link.',
  exportLinkExpired: 'This download link has expired. Ask for a new export link.',
  exportViewTooLarge: (maxBytes: number) => `This view is too large for a download link (over ${maxBytes} bytes of filters). Use fewer or shorter filters.`,
} as const

/** The API Settings page's own words (issue 44: its subtitle spoke only of AI keys). */
export const API_SETTINGS_MESSAGES = {
  subtitle: 'Use your own AI provider key instead of platform credits, and connect scripts and AI assistants: API tokens, the MCP server and webhooks.',
} as const

/** API Settings' 'Webhooks' (issue 24). */
export const WEBHOOK_MESSAGES = {
  title: 'Webhooks',
  description:
    "Rowcraft calls your URL when a file finishes importing or fails, when an AI run ends, and when a row's 'Run on new rows' AI columns are done (row.enriched). Each call is signed (Standard Webhooks).",
  urlInvalid: 'Enter an https:// address without a user name or password.',
  urlHttpOnlyLocal: 'Use https://. Plain http:// is allowed only for a local address, and only when the operator allows private addresses.',
  urlPrivate:
    'Webhooks are not sent to private or local network addresses (such as localhost, 127.0.0.1, 10.x or 192.168.x). Use a public address.',
  urlReserved: 'This address cannot be called (a link-local, cloud metadata or reserved address).',
  urlNotFound: 'No server was found at this address. Please check the URL.',
  eventsRequired: 'Choose at least one event.',
  limitReached: (max: number) => `You can have at most ${max} webhook endpoints.`,
  createdTitle: 'Webhook Added',
  createdBody: 'Copy the signing secret now: it will not be shown again.',
  createFailed: 'Failed to add the webhook. Please try again.',
  deletedTitle: 'Webhook Removed',
  deleteFailed: 'Failed to remove the webhook. Please try again.',
  deleteConfirmTitle: 'Remove webhook?',
  deleteConfirmBody: 'Rowcraft stops calling this URL, and its delivery history is deleted.',
  testSent: 'Test event queued',
  resent: 'Delivery queued again',
  actionFailed: 'Failed to queue the delivery. Please try again.',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  disabledReasons: {
    failing: 'Disabled: it failed for 3 days. Remove it and add it again to resume.',
    token_revoked: 'Disabled: the API token that created it was revoked. Remove it and add it again to resume.',
    token_expired: 'Disabled: the API token that created it expired. Remove it and add it again to resume.',
  },
  stopsWithToken: (date: string) => `Created by an API token: stops when the token expires (${date}).`,
  empty: 'No webhooks yet.',
  noDeliveries: 'No deliveries yet.',
  refusedAtDelivery: 'Refused: the address is not public.',
  timedOut: 'No answer in time.',
} as const

export const API_KEY_MESSAGES = {
  enterValidKey: 'Please enter a valid API key',
  perplexityPrefix: "Perplexity API keys should start with 'pplx-'.",
  invalidKey: 'The provided API key is not valid. Please check and try again.',
  unreachable: (provider: string) =>
    `Could not reach ${provider} to check the key. Please check the address or try again in a moment.`,
  baseUrlRequired: 'Please enter the base URL of your OpenAI-compatible server.',
  baseUrlInvalid: 'The base URL must be an http:// or https:// address without a user name or password.',
  baseUrlPrivate:
    'This server does not call private or local network addresses (such as localhost, 127.0.0.1, 10.x or 192.168.x). Use a public address, or ask the operator to allow private AI servers (ALLOW_PRIVATE_AI_URLS).',
  baseUrlReserved: 'This address cannot be called (a link-local, cloud metadata or reserved address). Use the public address of your server.',
  baseUrlNotFound: 'No server was found at this address. Please check the base URL.',
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
  tooLong: (max: number) => `This can be at most ${max.toLocaleString('en-US')} characters.`,
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
  mixedDateOrders: (column: string, dayFirst: string, monthFirst: string) =>
    `'${column}' is kept as text, not dates: some of its dates are written day first (${dayFirst}) and others month first (${monthFirst}), so none of them can be read with certainty.`,
} as const

/** A date column's day/month order, in the column menu (issue 30). */
export const DATE_ORDER_MESSAGES = {
  readAs: { dmy: 'Dates read as day/month/year', mdy: 'Dates read as month/day/year' },
  /** Why the order is what it is. */
  basis: {
    values: 'Settled by the dates in this column.',
    user: 'As you chose.',
    file: 'Guessed from the file (European delimiters, decimal commas or dotted dates): no date in this column settles it.',
    locale: 'Guessed from your browser’s language: no date in this column settles it.',
  },
  switchTo: { dmy: 'Read as day/month/year', mdy: 'Read as month/day/year' },
  switched: { dmy: 'Dates now read as day/month/year', mdy: 'Dates now read as month/day/year' },
  switchFailed: 'Failed to change how dates are read',
  /** Before a switch that some dates contradict (issue 44): the count from the server. */
  misfits: (misfits: number, dates: number, order: 'dmy' | 'mdy', example: string | null) =>
    `${misfits.toLocaleString('en-US')} of ${dates.toLocaleString('en-US')} dates cannot be read as ${order === 'mdy' ? 'month/day/year' : 'day/month/year'}${
      example ? ` (such as ${example})` : ''
    }: their ${order === 'mdy' ? 'first' : 'second'} part is above 12, so they keep their ${order === 'mdy' ? 'day-first' : 'month-first'} reading. Switch anyway?`,
  switchAnyway: 'Switch anyway',
  keepOrder: 'Cancel',
  checking: 'Checking the dates...',
  notADateColumn: 'Only a date column with day/month dates has a day/month order.',
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

/** Query plans (issue 22): `POST /uploads/:id/chat/plan` and the chips of a chat answer. */
export const PLAN_MESSAGES = {
  unknownColumn: (name: string, columns: readonly string[]) =>
    `There is no column named '${name}'. The columns are: ${columns.join(', ')}.`,
  needsNumber: (column: string) => `Enter a number to compare '${column}' with.`,
  needsDate: (column: string) => `Enter a date (for example 2024-03-31) to compare '${column}' with.`,
  cannotAddDates: (column: string) => `'${column}' holds dates: ask for its earliest (min) or latest (max) value.`,
  /** A plan's formula that does not check: which formula, and where in it (`character 8: unknown column {Revnue}`). */
  formulaProblem: (formula: string, problem: string) => `The formula ${formula} does not work: ${problem}${problem.endsWith('?') ? '' : '.'}`,
  /** An expression over a plan's measures that does not check (issue 44). */
  expressionProblem: (expression: string, problem: string) => `The expression ${expression} does not work: ${problem}${problem.endsWith('?') ? '' : '.'}`,
  measureNamedTwice: (name: string) => `Two measures are named '${name}': give each its own name (names are matched without regard to case).`,
  cannotMeasureYesNo: (formula: string) => `${formula} gives yes or no: count the rows where it holds instead (a condition with equals "true").`,
} as const

/**
 * A formula's problems (issue 32), each said after the place it starts: `character 14: unknown
 * function LWOER` (characters of the formula's text, from 1).
 */
export const FORMULA_MESSAGES = {
  /** Where in the formula's text (1 for its first character): columns are the table's. */
  at: (character: number, problem: string) => `character ${character}: ${problem}`,
  empty: 'write a formula',
  tooLong: (max: number) => `a formula has at most ${max.toLocaleString('en-US')} characters`,
  tooDeep: (max: number) => `nested more than ${max} deep`,
  syntax: (expected: string) => `expected ${expected}`,
  numberTooLarge: 'numbers in a formula are below 1e150',
  valueExpected: 'expected a value: a number, "text", {Column} or a function',
  unclosedColumn: 'a column reference needs its closing }',
  unknownFunction: (name: string, nearest: string | null = null) => `unknown function ${name}${nearest ? `; did you mean ${nearest}?` : ''}`,
  unknownColumn: (name: string, nearest: string | null = null) => `unknown column {${name}}${nearest ? `; did you mean {${nearest}}?` : ''}`,
  unknownMeasure: (name: string, nearest: string | null = null) => `no measure is named {${name}}${nearest ? `; did you mean {${nearest}}?` : ''}`,
  rowOverMeasures: 'ROW() reads a row: an expression over measures has none',
  circular: (names: readonly string[]) => `formula columns cannot read each other in a circle: ${names.map((n) => `{${n}}`).join(' reads ')}`,
  columnFormulaProblem: (name: string, problem: string) => `the formula of {${name}} does not work (${problem})`,
  tooManyColumnReads: (max: number) => `a formula can read formula columns at most ${max} times, counting the columns they read`,
  argumentCount: (name: string, min: number, max: number, given: number) =>
    `${name} takes ${min === max ? min : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`} argument${max === 1 && min === 1 ? '' : 's'}, not ${given}`,
  argumentKind: (name: string, wanted: string, given: string) => `${name} needs ${wanted} here, not ${given}`,
  operandKind: (operator: string, wanted: string, given: string) => `${operator} needs ${wanted}, not ${given}`,
  cannotCompare: (left: string, right: string) => `cannot compare ${left} with ${right}`,
  bucketBounds: 'BUCKET needs numbers written out as its bounds, each larger than the one before',
  kindNames: { text: 'a text', number: 'a number', date: 'a date', boolean: 'a yes/no value', any: 'a value', number_or_date: 'a number or a date' },
} as const

/** 'Describe it instead' (issue 32): the model proposes a formula, which the user sees before saving it. */
export const FORMULA_SUGGEST_MESSAGES = {
  failedTitle: 'No formula proposed',
  refundNote: (isCharged: boolean) => (isCharged ? ' Your credit was refunded.' : ''),
  providerFailed: (message: string, isCharged: boolean) => `${message}${FORMULA_SUGGEST_MESSAGES.refundNote(isCharged)}`,
  unusable: (problem: string, isCharged: boolean) =>
    `The AI proposed a formula that does not work (${problem}).${FORMULA_SUGGEST_MESSAGES.refundNote(isCharged)} Try describing the column differently, or write the formula.`,
  failedOnOurSide: (isCharged: boolean) => `Something went wrong on our side while proposing a formula.${FORMULA_SUGGEST_MESSAGES.refundNote(isCharged)}`,
} as const

/** The formula column editor in the grid (issue 32). */
export const FORMULA_EDITOR_MESSAGES = {
  addFormulaColumn: 'Add formula column',
  addTitle: 'Add a formula column',
  editTitle: (name: string) => `Edit the formula of '${name}'`,
  description: 'A formula computes the column from each row, exactly and for free. Type { for a column, letters for a function.',
  columnName: 'Column name',
  columnNamePlaceholder: 'e.g. Domain',
  formula: 'Formula',
  formulaPlaceholder: 'e.g. DOMAIN({Email})',
  write: 'Write a formula',
  describe: 'Describe it instead',
  suggestionsLabel: 'Columns and functions',
  noColumnMatches: 'No column matches',
  preview: 'Preview',
  previewHint: 'The first rows, as the column will hold them.',
  previewWaiting: 'The preview shows once the formula reads.',
  previewLoading: 'Computing the preview…',
  previewFailed: 'The preview could not be computed.',
  previewNoRows: 'This file has no rows to preview.',
  rowLabel: (rowNumber: number) => `Row ${rowNumber}`,
  emptyValue: '(empty)',
  typeLabel: 'Type',
  types: { text: 'Text', number: 'Number', date: 'Date', boolean: 'Yes/no' },
  describeLabel: 'What should the column hold?',
  describePlaceholder: 'e.g. the domain of the e-mail',
  describeHint: (credits: number) => `The AI proposes a formula for ${credits} credit${credits === 1 ? '' : 's'} (refunded if it fails). You see it and its preview before saving; the column is then computed for free.`,
  propose: 'Propose a formula',
  proposing: 'Proposing…',
  proposed: 'Proposed by the AI: check the preview, edit it if needed, then save.',
  proposeFailedTitle: 'No formula proposed',
  save: 'Add column',
  saveEdit: 'Save formula',
  cancel: 'Cancel',
  added: 'Formula column added',
  changed: 'Formula changed',
  saveFailed: 'The formula could not be saved',
  nameRequired: 'Give the column a name.',
  editFormula: 'Edit formula',
  columnMenu: (name: string) => `Formula column ${name}: menu`,
  kindLabel: (type: string) => `Formula · ${type}`,
} as const

/** Why an AI column's run stopped before its cells were done, as a judgment answer says it. */
const RUN_STOP_REASONS: Partial<Record<string, string>> = {
  no_credits: ' (its run stopped: out of credits)',
  budget: ' (its run reached its credit budget)',
  cancelled: ' (its run was cancelled)',
  no_active_plan: ' (its run is paused: no active plan)',
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${n === 1 ? word : `${word}s`}`


/** Magic Chat and the AI filter (001 §2, §5, §8). */
export const CHAT_MESSAGES = {
  title: 'Magic Chat',
  explainerTitle: 'Ask your table anything',
  explainerBody:
    'Ask in plain language. Rowcraft turns your question into exact conditions and counts every row of the file: no sampling, no guessing. Each question costs 8 credits; editing a condition afterwards is free.',
  inputLabel: 'Ask a question about this file',
  conversationLabel: 'Conversation',
  youSaid: 'You:',
  aiSaid: 'AI:',
  dismissExplainer: 'Close the explanation',
  subtitle: 'Questions answered by counting every row, never a sample.',
  loading: 'Loading the conversation',
  retry: 'Try again',
  send: 'Ask',
  thinking: 'Analyzing your data...',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please sign in to use AI chat.',
  analysisCompleteTitle: 'AI Analysis Complete',
  analysisComplete: (count: number) => `Found ${count.toLocaleString('en-US')} matching ${count === 1 ? 'row' : 'rows'}.`,
  errorTitle: 'AI Chat Error',
  errorReply: (message: string) => `Sorry, I encountered an error: ${message}`,
  emptyQuery: 'Type a question first.',
  modelFailed: 'The AI provider did not answer with a usable plan. Your credits were refunded; try rephrasing the question.',
  failedOnOurSide: (refunded: boolean) =>
    `Something went wrong on our side while answering.${refunded ? ' Your credits were refunded.' : ''} Please try again in a moment.`,
  /** A follow-up ('also ...') whose earlier answer can no longer be computed, e.g. its column was deleted. */
  followUpFailed: (reason: string) =>
    `This question adds to the earlier answer, which can no longer be computed: ${reason} Your credits were refunded; ask the whole question again.`,
  clear: 'Clear conversation',
  cleared: 'Conversation cleared',
  showInTable: 'Show in table',
  matchingLeads: 'Matching leads',
  criteria: 'Filter criteria',
  reasoning: 'How this was computed',
  confidence: (percent: number) => `Confidence: ${percent}%`,
  rowLabel: (rowNumber: number) => `Row ${rowNumber}`,
  noCriteria: 'All rows (no conditions)',
  editCriterion: 'Edit condition',
  removeCriterion: 'Remove condition',
  criterionColumn: 'Column',
  criterionOperator: 'Condition',
  criterionValue: 'Value',
  criterionLow: 'From',
  criterionHigh: 'To',
  criterionListHint: 'Values separated by commas',
  criterionFormulaChoice: 'A formula…',
  criterionFormula: 'Formula',
  applyCriterion: 'Apply (free)',
  rerunning: 'Counting again...',
  groupCount: 'Rows',
  emptyGroup: '(empty)',
  otherGroups: (n: number) => `${n.toLocaleString('en-US')} more ${n === 1 ? 'value' : 'values'} not shown.`,
  stepRows: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`,
  rerunFailed: 'Could not apply the changed conditions.',
  loadFailed: 'Could not load the conversation.',
  judgmentTitle: 'This needs a look at every row',
  judgmentBody: (rows: number, credits: number, calls: number) =>
    `Answering this means judging each of the ${rows.toLocaleString('en-US')} rows, not a sample. Rowcraft can add an AI column that decides it for every row (it asks once per distinct input: ${plural(calls, 'call')}, ${plural(credits, 'credit')}), then answer from that column.`,
  createJudgmentColumn: (name: string) => `Add '${name}' and answer`,
  judgmentRunning: (name: string) => `Filling '${name}'... the answer follows when every row is done.`,
  judgmentAnswered: (name: string) => `Answered from the AI column '${name}'.`,
  /** The column holds no value for some rows (its run stopped early, or cells failed): they are not counted. */
  judgmentPartial: (name: string, decided: number, rows: number, stopReason: string | null) =>
    `'${name}' holds a value for ${decided.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows${
      (stopReason && RUN_STOP_REASONS[stopReason]) ?? ''
    }; rows without a value are not counted. Run the column again for the rest, then ask again.`,
  judgmentLead: 'No column holds the answer. An AI column can decide it for every row, then the question is answered from that column.',
  judgmentEstimateLabel: 'Estimate:',
  judgmentEstimate: (credits: number, rows: number, calls?: number) =>
    calls === undefined
      ? `about ${plural(credits, 'credit')} (${plural(rows, 'row')})`
      : `${plural(credits, 'credit')} (${plural(calls, 'distinct input')} among ${plural(rows, 'row')}, each asked once)`,
  judgmentColumn: 'AI column:',
  judgmentPrompt: 'It asks of each row:',
  judgmentProgressLabel: (name: string) => `Progress of '${name}'`,
  judgmentProgress: (done: number, total: number) => `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows done`,
  judgmentPaused: 'Paused: resume it from the progress banner above the table.',
  judgmentAnswerRetry: 'Answer from the column',
  aiFilterActive: 'AI Filter Active',
  /** `shown` may be a capped count as the grid shows it ('10,000+'). */
  aiFilterShowing: (shown: number | string, total: number) =>
    `Showing ${typeof shown === 'number' ? shown.toLocaleString('en-US') : shown} of ${total.toLocaleString('en-US')} rows`,
  removeFilter: 'Remove Filter',
  searchPanelPlaceholder: 'Ask AI to find rows, e.g. companies in Germany with more than 50 employees',
  searchPanelButton: 'AI Search',
  searchNoMatches: 'No rows match this search.',
  /** The AI search panel, when the answer is a figure (a count by group, a sum) rather than rows. */
  searchAnswerInChat: 'The answer is a figure, not a set of rows: it is in Magic Chat below.',
  /** The AI search panel, when no column holds the answer and an AI column is proposed. */
  searchNeedsJudgment: 'No column holds the answer yet: Magic Chat below proposes an AI column that decides it for every row.',
  goToChat: 'Go to Magic Chat',
  /** `count` as the grid shows it ('1,234', '10,000+'). */
  exportAiSearch: (count: string) => `Export AI Search (${count} rows)`,
  answerNotFound: 'This answer no longer exists. Refresh the page and try again.',
  judgmentNotEditable: 'This answer proposes an AI column; it has no conditions to edit yet.',
  notAJudgment: 'This answer does not propose an AI column.',
  judgmentStillRunning: (name: string) => `'${name}' is still being filled. The answer follows when every row is done.`,
  /** An earlier answer in the conversation opens in the card below (issue 30 §5). */
  showAnswer: 'Show answer',
  showAnswerLabel: (query: string) => `Show the answer to “${query}”`,
  answerShown: 'Shown below',
  /** The conversation's line for an answer re-run with edited conditions (issue 30 §3). */
  editedQuestion: (computes: string) => `Changed the conditions: ${computes}`,
  editedReasoning: (original: string) => `The conditions of the answer to “${original}” were changed by hand; the figures are computed from them.`,
  /** The reasoning step of a top-N answer. */
  topStep: (n: number, column: string | null, direction: 'asc' | 'desc') =>
    column ? `The top ${n.toLocaleString('en-US')} by ${column}, ${direction === 'desc' ? 'highest' : 'lowest'} first` : `The first ${n.toLocaleString('en-US')} rows`,
  /** The line beside a top-N answer's headline. */
  topRows: (n: number, matching: number) => `${n === 1 ? 'row' : 'rows'}: the top ${n.toLocaleString('en-US')} of ${matching.toLocaleString('en-US')} matching`,
  /** The line beside an aggregate's headline figure. */
  figureOverRows: (label: string, count: number, total: number) =>
    `${label}, over ${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`,
  summaryRows: (count: number, total: number) =>
    `${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows match.`,
  /** A yes/no answer's line: the figure behind it (issue 32). */
  yes: 'Yes',
  no: 'No',
  figureAgainst: (label: string, figure: string, against: string) => `${label} is ${figure}, against ${against}`,
  rowsExist: (count: number, total: number) => `${count.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows match`,
  /** A formula the answer computes again: the offer to keep it as a column. */
  saveFormulaTitle: 'Use this value again?',
  saveFormulaHint: (formula: string) => `This answer computes ${formula} again. Save it as a formula column to see it in the table and ask about it by name.`,
  saveFormulaName: 'Column name',
  saveFormula: 'Save as column',
  savedFormula: (name: string) => `Column '${name}' added.`,
  saveFormulaFailed: 'The column could not be added',
  groupRows: 'Rows',
  skippedInGroups: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'value was' : 'values were'} skipped (not a number).`,
} as const

/** The 14 example questions the chat's placeholder rotates through (001 §9: every 3 s). */
export const CHAT_EXAMPLE_QUESTIONS = [
  'How many leads are in the United States?',
  'Which companies have more than 500 employees?',
  'Count the leads by industry',
  'Show leads with a missing email address',
  'What is the average company size?',
  'Which leads have a title containing "VP"?',
  'How many distinct countries are there?',
  'List companies founded after 2015',
  'Which leads are in Germany or France?',
  'How many rows have a LinkedIn URL?',
  'Show the 10 largest companies by revenue',
  'Which leads are not in the software industry?',
  'How many leads were added between 2023-01-01 and 2023-06-30?',
  'Which of these companies are SaaS businesses?',
] as const

/** Request validation that every route shares (platform/validate.ts). */
export const VALIDATION_MESSAGES = {
  unknownFields: (keys: readonly string[]) =>
    keys.length === 1
      ? `Unknown field "${keys[0]}": this endpoint does not take it. Check the field's name in the API reference.`
      : `Unknown fields ${keys.map((key) => `"${key}"`).join(', ')}: this endpoint does not take them. Check their names in the API reference.`,
} as const

/** Named secrets for HTTP API columns (issue 43): their values are never shown again. */
export const SECRET_MESSAGES = {
  nameRequired: 'Give the secret a name.',
  nameTooLong: (max: number) => `A secret's name can be at most ${max} characters.`,
  nameFormat: 'A secret name starts with a letter and holds only letters, digits and underscores (e.g. HUNTER_KEY).',
  valueRequired: 'Enter the secret value.',
  valueTooLong: (max: number) => `A secret can be at most ${max} characters.`,
  valueControlCharacters: 'A secret cannot hold line breaks or NUL characters.',
  notFound: 'No secret with that name. Add it under API Settings > Secrets.',
  tooMany: (max: number) => `You can keep at most ${max} secrets. Remove one you no longer use first.`,
  saved: 'Secret saved. Its value will not be shown again.',
  removed: 'Secret removed.',
  unreadable: 'A secret could not be read (the server key changed). Save the secret again under API Settings > Secrets.',
  inUse: (columns: string[]) => `Still used by ${columns.join(', ')}. Remove it from those columns first.`,
} as const

/** HTTP API columns (issue 43). */
export const WATERFALL_MESSAGES = {
  stepsRequired: 'Add at least one step.',
  tooManySteps: (max: number) => `A waterfall has at most ${max} steps.`,
  ruleProblem: (step: number, problem: string) => `Step ${step}'s acceptance rule: ${problem}`,
  ruleNotYesNo: (step: number) => `Step ${step}'s acceptance rule must say yes or no (for example NOT(IS_EMPTY({value}))).`,
  formulaProblem: (step: number, problem: string) => `Step ${step}'s formula: ${problem}`,
  promptProblem: (step: number, problem: string) => `Step ${step}'s prompt: ${problem}`,
  nothingAccepted: (tried: number) => `No step gave an acceptable value (${tried} tried).`,
  stepNotPaid: (step: number) => `Step ${step} was not called: the credits for it could not be spent.`,
} as const

/** The waterfall dialog and a cell's steps (issue 43, decision 037). */
export const WATERFALL_UI = {
  toolbarButton: 'Waterfall column',
  title: 'Add waterfall column',
  description: 'Steps tried in order for each row: the first value its step accepts is the cell\'s, and the later steps are not called (nor charged) for that row.',
  nameLabel: 'Column name',
  stepTitle: (n: number) => `Step ${n}`,
  kindLabel: 'Kind',
  kinds: { ai: 'AI prompt', http: 'HTTP request', formula: 'Formula' } as Record<'ai' | 'http' | 'formula', string>,
  promptLabel: 'Prompt',
  modelLabel: 'Model (empty: your provider\'s own)',
  webSearchLabel: 'Web research',
  urlLabel: 'URL',
  pathLabel: 'Value (JMESPath)',
  bodyLabel: 'JSON body',
  formulaLabel: 'Formula',
  ruleLabel: 'Accept when',
  ruleHelp: 'A formula over {value} (the step\'s answer) and {confidence} (an AI step\'s, 0 to 1).',
  rulePresets: [
    { label: 'Not empty', rule: 'NOT(IS_EMPTY({value}))' },
    { label: 'Looks like an e-mail', rule: 'AND(CONTAINS({value}, "@"), CONTAINS(DOMAIN({value}), "."))' },
    { label: 'Confidence at least 0.8', rule: 'AND(NOT(IS_EMPTY({value})), {confidence} >= 0.8)' },
    { label: 'A number from 1 to 1,000', rule: 'AND(NUMBER({value}) >= 1, NUMBER({value}) <= 1000)' },
  ],
  presetLabel: 'Preset',
  addStep: 'Add step',
  moveUp: (n: number) => `Move step ${n} up`,
  moveDown: (n: number) => `Move step ${n} down`,
  removeStep: (n: number) => `Remove step ${n}`,
  testRow: 'Row',
  testButton: 'Test on a row',
  testNote: 'Tries the steps on this row now; an AI step costs what a prompt test costs.',
  testFailed: 'The test could not be run.',
  checkSteps: 'Check the steps.',
  valueFrom: (n: number) => `Value from step ${n}`,
  noValue: 'No step gave an acceptable value.',
  outcomes: { accepted: 'accepted', rejected: 'not accepted', empty: 'nothing found', error: 'failed', unpaid: 'not called: no credits' } as Record<'accepted' | 'rejected' | 'empty' | 'error' | 'unpaid', string>,
  create: 'Create column',
  worstCase: 'Worst case',
  expected: 'Expected',
  expectedHelp: 'From each step\'s acceptance rate so far in this file (a step not yet tried counts as accepting nothing).',
  stepRate: (n: number, kind: string, rate: number | null, credits: number) =>
    `Step ${n} (${kind}, ${credits} credit${credits === 1 ? '' : 's'} a call): ${rate === null ? 'not tried yet' : `accepts ${Math.round(rate * 100)}%`}`,
} as const

export const SOURCE_MESSAGES = {
  urlRequired: 'Enter the URL to call.',
  urlInvalid: 'The URL must start with http:// or https:// and name a host (column values may fill its path and query).',
  templateTooLong: (max: number) => `A template can be at most ${max} characters.`,
  headerNameRequired: 'Give each header a name.',
  headerNameFormat: 'A header name holds only letters, digits and - _ . ! # $ % & \' * + ^ ` | ~.',
  queryNameRequired: 'Give each query parameter a name.',
  pathRequired: 'Enter a path into the answer, e.g. data.email (or @ for the whole answer).',
  pathInvalid: (path: string, why: string) => `The path "${path}" is not valid JMESPath: ${why}`,
  outputRequired: 'Pick at least one value from the answer.',
  tooManyOutputs: (max: number) => `One request can fill at most ${max} columns.`,
  duplicateOutputNames: 'Each picked value needs its own column name.',
  bodyNotJson: (why: string) => `The body is not valid JSON once the row's values are in: ${why}`,
  bodyWithGet: 'A GET or DELETE request has no body: choose POST, PUT or PATCH, or clear the body.',
  unknownColumns: (names: string[]) => `These references are not columns of this file: ${names.map((n) => `{${n}}`).join(', ')}.`,
  unknownSecrets: (names: string[]) => `These secrets are not saved: ${names.join(', ')}. Add them under API Settings > Secrets.`,
  secretInUrlHost: 'A secret or column cannot choose the host: write the host in the URL itself.',
  headerLineBreak: (name: string) => `The value for header ${name} holds a line break once the row's values are in.`,
  notHttpField: 'This column is not an HTTP API column.',
  notAiField: 'This column gets its values from an HTTP API: edit its request instead of a prompt.',
  addressRefused: 'The address is not a public one: HTTP API columns may call public addresses only (the operator can allow private networks).',
  timeout: (ms: number) => `No answer within ${Math.round(ms / 1000)} s.`,
  unreachable: (host: string) => `Could not connect to ${host}.`,
  tooLarge: (max: number) => `The answer is larger than ${Math.round(max / 1024 / 1024)} MB.`,
  status: (status: number, host: string, excerpt: string) => `HTTP ${status} from ${host}${excerpt ? `: ${excerpt}` : ''}`,
  redirect: (status: number, host: string) => `HTTP ${status} from ${host}: a redirect, which HTTP API columns do not follow. Use the final URL.`,
  notJson: (host: string, excerpt: string) => `The answer from ${host} is not JSON${excerpt ? `: ${excerpt}` : ''}`,
  pathFoundNothing: (path: string, excerpt: string) => `Nothing at ${path} in the answer${excerpt ? `: ${excerpt}` : ''}`,
  testRowMissing: 'That row does not exist in this file.',
} as const
