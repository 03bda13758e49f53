/** Product rules from the specification (000 §9, 001 §9). Referenced by name, never retyped. */

export const PASSWORD_RULES = {
  signUpMinLength: 12,
  signInMinLength: 6,
  changeMinLength: 6,
} as const

export const STRENGTH_THRESHOLDS = { medium: 40, strong: 80 } as const

export const AUTH_RATE_LIMIT = {
  maxAttempts: 5,
  windowMs: 15 * 60 * 1000,
} as const

export const LOGIN_METHOD_COOKIE = {
  name: 'auth_login_method',
  maxAgeSeconds: 30 * 24 * 60 * 60,
  path: '/',
  sameSite: 'Lax',
} as const

export const AUTH_REDIRECT_STORAGE_KEY = 'authRedirect'

export const SIDEBAR = {
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 7 * 24 * 60 * 60,
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  keyboardShortcut: 'b',
} as const

export const MOBILE_BREAKPOINT_PX = 768

export const TOAST_DURATIONS = {
  checkInbox: 8000,
} as const

/** Delay before the 'check your inbox' toast after sign-up (000 §4). */
export const SIGN_UP_TOAST_DELAY_MS = 300

export const TRIAL = { days: 14, credits: 2000 } as const

export const PLAN = { name: 'Pro Plan', priceUsd: 29, originalPriceUsd: 49 } as const

export const CREDIT_COSTS = {
  basicEnrichment: 1,
  webSearchEnrichment: 2,
  chatQuery: 8,
  promptTestSimple: 1,
  promptTestAdvanced: 2,
  /** 'Describe it instead' (issue 32): the model proposes a formula once; the column then computes for free. */
  formulaSuggestion: 1,
} as const

export const AI_FIELDS_LIMIT_BY_TIER = { trial: 3, basic: 5, default: 999 } as const

/** Tiers a subscriber can hold (001 §3); 'premium' is the paid Pro plan (docs/decisions/004). */
export const SUBSCRIPTION_TIERS = ['trial', 'basic', 'premium', 'enterprise', 'professional'] as const
export const PAID_PLAN_TIER = 'premium'

/** Tier colours on the subscription page (001 §9); any other tier is neutral. */
export const TIER_COLORS = { trial: 'blue', basic: 'green', premium: 'purple', enterprise: 'orange' } as const

export const BILLING = {
  /** After a failed renewal payment the user keeps access this long ('Payment Failed' banner). */
  gracePeriodHours: 72,
  /** Credits of the Pro plan, granted at the trial and again at each monthly reset. */
  monthlyCredits: TRIAL.credits,
  /** Days in the credit usage chart. */
  usageChartDays: 30,
  /** The start button stays locked this long after a checkout request (000 §4). */
  startButtonCooldownMs: 1000,
  monthlyResetCron: '7 * * * *',
  securityMonitorCron: '*/2 * * * *',
} as const

/** A URL parameter whose name holds one of these words is a bypass attempt (000 §6). */
export const BYPASS_PARAM_WORDS = ['bypass', 'admin', 'override'] as const

export const SUBSCRIPTION_TIMINGS = {
  recheckWhileValidMs: 5 * 60 * 1000,
  loadingFallbackMs: 8000,
  checkoutPollIntervalMs: 1000,
  checkoutPollMaxTries: 30,
} as const

export const SECURITY_MONITOR = {
  intervalMs: 2 * 60 * 1000,
  rapidLoginCount: 5,
  rapidLoginWindowMs: 5 * 60 * 1000,
  excessiveCreditAmount: 100,
  excessiveCreditWindowMs: 10 * 60 * 1000,
  /** Reports a browser may send (POST /api/security/events) per user and window. */
  clientEventsPerWindow: 30,
  clientEventWindowMs: 60 * 60 * 1000,
} as const

export const PENDING_UPLOAD_LIFETIME_MS = 30 * 60 * 1000

export const HEADER_CONFIDENCE = { confident: 0.8, maybe: 0.5, previewRows: 5 } as const

export const PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 50
export const CELL_TRUNCATE_CHARS = 40

/**
 * A searched or filtered view counts its rows exactly up to this many; past it the grid shows
 * "10,000+" (docs/decisions/006). Counting every match of a common term in a million rows reads
 * every matching row and took seconds.
 */
export const VIEW_COUNT_LIMIT = 10_000

export const COMPLETENESS_LEVELS = { high: 80, medium: 60 } as const

export const CREDIT_BADGE = { destructiveAtOrBelow: 10, secondaryAtOrBelow: 50 } as const

/**
 * Search boxes wait `debounceMs` after typing (001 §9). The global search (001 §2, §5) answers at
 * most `maxResults` row hits, each with its matched value cut at `valueChars` and
 * `contextFields` other values cut at `contextChars`.
 */
export const SEARCH = { debounceMs: 300, maxResults: 8, valueChars: 100, contextFields: 2, contextChars: 30, termMaxLength: 200 } as const

/** Query plans (issue 22): the limits of `POST /uploads/:id/chat/plan` and of chat answers. */
export const CHAT_PLAN = {
  maxConditions: 50,
  /** A plan's or view's conditions, counted over the whole tree, and how deep groups may nest. */
  maxConditionsInAll: 500,
  maxConditionDepth: 8,
  maxListValues: 200,
  /** Groups a `count_by` returns (its own `limit`, or defaultGroups). */
  maxGroups: 100,
  defaultGroups: 20,
  /** Measures a `group_by` computes for each group. */
  maxMeasures: 5,
  /** Formulas in a plan's or view's conditions (each is computed for every row). */
  maxFormulas: 20,
  /** Rows a plan returns with their values: its `limit`, or defaultLimit. */
  maxLimit: 1000,
  defaultLimit: 50,
  /** Matching row indexes an answer lists; past this, `rowIndexesComplete` is false. */
  maxRowIndexes: 100_000,
} as const

/** Magic Chat (001 §9). */
export const CHAT = {
  placeholderRotateMs: 3000,
  maxSampleLeads: 3,
  /** Rows a top-N answer shows as cards (a 'top 5' shows 5; past this, the first ones). */
  maxTopLeads: 25,
  maxLeadFields: 9,
  defaultConfidence: 0.5,
  maxQueryLength: 1000,
  /** What the model is shown of the table: sample values and most common values per column. */
  sampleValuesPerColumn: 5,
  topValuesPerColumn: 5,
  /** Columns described to the model (the widest tables are cut, in column order). */
  maxColumnsDescribed: 80,
  /** Characters of one sample value shown to the model. */
  sampleValueChars: 80,
  /** Words that make a question a follow-up merged into the previous answer (001 §5). */
  followUpWords: ['also', 'additionally', 'and', 'furthermore', 'plus', 'include', 'add'],
  /** The explainer panel, dismissed for good (001 §5: remembered locally). */
  explainerDismissedKey: 'rowcraft.chat.explainerDismissed',
} as const

/** Where a failed pending-upload hand-off lands (000 §4); sign-in itself lands on PAYMENT_SETUP_PATH. */
export const DEFAULT_POST_AUTH_PATH = '/dashboard'

/**
 * The local-storage keys sign-out removes: what belongs to the session (the sidebar state is a
 * cookie and stays). A feature that stores something of the user's adds its key here. The Magic
 * Chat explainer's dismissal (CHAT.explainerDismissedKey) is not one: 001 §4 dismisses it
 * permanently, remembered locally, so it outlives a sign-out.
 */
export const APP_LOCAL_STORAGE_KEYS = [AUTH_REDIRECT_STORAGE_KEY] as const

/** Where a signed-in visitor goes from the landing page when nothing else is waiting (000 §4). */
export const PAYMENT_SETUP_PATH = '/payment-setup'

/** Reading dates (cell-values.ts and the SQL function rowcraft_date_key of migration 0019, which inlines the pivot). */
export const DATES = {
  /** A two-digit year below this is in the 2000s, from it in the 1900s (as spreadsheets read them). */
  twoDigitYearPivot: 30,
} as const

export const UPLOAD = {
  /** Extensions the importer reads; `.csv` is the spec's, the rest go beyond it. */
  acceptedExtensions: ['.csv', '.tsv', '.txt', '.xlsx'],
  acceptedMimeTypes: [
    'text/csv',
    'application/vnd.ms-excel',
    'text/tab-separated-values',
    'text/plain',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  /** Dialog closes this long after completion (001 §4). */
  completeCloseDelayMs: 1500,
  progressPollIntervalMs: 1000,
  progressPollMaxTries: 300,
  /** Rows written per database batch (PostgreSQL: two in flight keep the server under 400 MB). */
  batchSize: 5000,
  /**
   * PGlite pays a fixed cost per COPY statement: twice the rows a batch took its imports of a
   * 100 MB file from 37-40k to 41-48k rows/s, for about 100 MB more memory.
   */
  pgliteBatchSize: 10_000,
  sampleFileName: 'sample-leads.csv',
} as const

export const PENDING_UPLOAD_DB = { name: 'rowcraft', store: 'pending-upload', key: 'pending' } as const

/** The upload detail grid: sizes in pixels, how much it loads in continuous-scroll mode. */
export const GRID = {
  rowHeightPx: 36,
  defaultColumnWidthPx: 180,
  minColumnWidthPx: 60,
  maxColumnWidthPx: 1200,
  leadColumnWidthPx: 88,
  /** On a phone the row number and the pinned first column are narrower, so data shows beside them. */
  mobileLeadColumnWidthPx: 56,
  mobileFirstColumnMaxWidthPx: 112,
  overscanRows: 10,
  /** Continuous scroll asks for the next page this many rows before the end. */
  loadMoreThresholdRows: 20,
  continuousPageSize: 100,
  maxPageNumbers: 5,
  /** A row, or an AI cell, just updated is highlighted this long (001 §4). */
  updatedRowFlashMs: 1500,
} as const

/** File Storage sort options (001 §9), the same six for files and folders; the first is the default. */
export const WORKSPACE_SORTS = ['updated_desc', 'updated_asc', 'created_desc', 'created_asc', 'name_asc', 'name_desc'] as const

export const WORKSPACE_SORT_LABELS: Record<(typeof WORKSPACE_SORTS)[number], string> = {
  updated_desc: 'Updated (newest)',
  updated_asc: 'Updated (oldest)',
  created_desc: 'Created (newest)',
  created_asc: 'Created (oldest)',
  name_asc: 'Name (A-Z)',
  name_desc: 'Name (Z-A)',
}

export const FOLDER_RULES = {
  nameMaxLength: 100,
  /** A new folder takes the next colour in this order (the original's choice is not shown). */
  colors: ['blue', 'green', 'purple', 'orange', 'pink', 'teal', 'amber', 'slate'],
} as const

/** Home dashboard (001 §9): five latest uploads fetched, four cards shown; four blog cards. */
export const DASHBOARD_LIMITS = { latestFetched: 5, latestShown: 4 } as const

export const AVATAR_RULES = {
  maxBytes: 2 * 1024 * 1024,
  /** Stored as a square of this many pixels. */
  sizePx: 256,
  cacheSeconds: 3600,
} as const

/** AI columns (001 §9, issue 12). */
export const AI = {
  /** The prompt test picks its row among the first this many (001 §9). */
  promptTestSampleRows: 1000,
  /** The web polls a running field's progress this often besides the live events (001 §9). */
  progressPollMs: 1500,
  /** Templates offered in the AI column dialog (001 §9). */
  dialogTemplates: 10,
  /** Calls in flight per provider and process when AI_CONCURRENCY is unset. */
  defaultConcurrency: 8,
  /** One provider call gives up after this long. */
  callTimeoutMs: 60_000,
  /** Attempts per cell before it is marked 'error' (429 and 5xx are retried with back-off). */
  maxAttempts: 4,
  /** First back-off delay; doubles per attempt, with jitter, capped at backoffMaxMs. */
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  /** Cells a worker claims at once. */
  claimBatchSize: 64,
  /** A cell 'running' longer than this was left by a stopped worker and is taken again. */
  staleClaimMs: 3 * 60_000,
  maxNameLength: 100,
  maxPromptLength: 10_000,
  maxChoices: 50,
  maxJsonFields: 20,
  maxSelectedRows: 100_000,
  /** A row value longer than this is cut in the prompt (and the cut is said). */
  maxValueCharsInPrompt: 4000,
  /** Seconds per call assumed by the estimate before any call of the provider and model. */
  assumedSecondsPerCall: 2,
  /** The confidence of a value read from a reply that was not the JSON asked for, after the repair call failed. */
  bareAnswerConfidence: 0.1,
  /** The estimate averages the latency of this many recent calls, from the latest runs of this many fields. */
  estimateHistoryCalls: 200,
  estimateHistoryRuns: 5,
  /** The highest monthly credit cap a column's 'Run on new rows' takes. */
  maxAutoRunMonthlyCap: 10_000_000,
} as const

/**
 * Columns that learn from corrections (decision 038): a call sends at most `examplesPerCall` of
 * the column's examples, the most similar to the row first, within `exampleTokensPerCall`
 * (counted as characters / `charsPerToken`, the rough rule for English text).
 */
export const CORRECTIONS = {
  examplesPerCall: 3,
  exampleTokensPerCall: 800,
  charsPerToken: 4,
  /** Examples a column keeps; a correction past it is still kept in its cell, not as an example. */
  maxExamplesPerField: 500,
  /** A value or an input longer than this is cut in an example. */
  maxExampleValueChars: 1000,
} as const

/** Models used when AI_MODEL / AI_WEB_MODEL are unset. */
export const AI_DEFAULT_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  perplexity: 'sonar',
  openai_compatible: 'llama3.1',
} as const

export const AI_PROVIDERS = ['openai', 'anthropic', 'perplexity', 'openai_compatible'] as const

/** The blog (001 §9): reading time is words / 200; the landing teaser and dashboard cards. */
export const BLOG = {
  wordsPerMinute: 200,
  teaserArticles: 3,
  teaserTagsPerArticle: 2,
  dashboardCards: 4,
} as const

/** Landing page timings and offsets (000 §2, §4, §9). */
export const LANDING = {
  showcaseRotationMs: 4000,
  typingCharMs: 30,
  typingPauseMs: 1500,
  demoLoadingOverlayMaxMs: 1000,
  headerHeightPx: 64,
  /** Extra gap under the header when an anchor scrolls: pricing 24 px, every other section 40 px. */
  anchorGapPricingPx: 24,
  anchorGapPx: 40,
} as const

/** The contact form's limits and its rate limit (per e-mail address and per client IP). */
export const CONTACT = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  subjectMaxLength: 150,
  messageMinLength: 10,
  messageMaxLength: 5000,
  maxPerAddress: 3,
  maxPerIp: 5,
  windowMs: 60 * 60 * 1000,
} as const

/** Where `npm run dev` serves the web app (vite.config.ts); its API calls carry this Origin. */
export const DEV_SERVER_ORIGIN = 'http://localhost:5173'

/**
 * Request bodies other than the upload's (which streams to disk under MAX_UPLOAD_MB). 1 MB holds
 * any JSON the API accepts; an export of selected rows may list a million row numbers.
 */
export const REQUEST_BODY_LIMITS = {
  defaultBytes: 1024 * 1024,
  exportBytes: 8 * 1024 * 1024,
  /** Rows added by API (ROWS_API.maxRowsPerCall of them, as JSON or CSV). */
  addRowsBytes: 16 * 1024 * 1024,
  /** A refused body is read and dropped before its 413, up to this much more and this long, so the client can read the answer. */
  refusedDropBytes: 64 * 1024 * 1024,
  refusedDropMs: 10_000,
} as const

/**
 * Rows added by API (`POST /api/uploads/:id/rows`, issue 33): a call adds at most `maxRowsPerCall`
 * rows; an `Idempotency-Key` is remembered `idempotencyHours` per user and may be
 * `maxIdempotencyKeyChars` long. Values are cleaned and bounded as an import's are.
 */
export const ROWS_API = {
  maxRowsPerCall: 10_000,
  idempotencyHours: 24,
  maxIdempotencyKeyChars: 255,
} as const

/**
 * What every validated input (JSON body, query, path) is held to before its schema reads it:
 * JSON nested deeper than this is refused (no contract of ours nests past a plan's conditions), so
 * nothing recursive ever meets an unbounded input. A 422 lists at most `maxIssues` problems.
 */
export const INPUT_LIMITS = {
  maxJsonDepth: 32,
  maxIssues: 20,
} as const

/** Bring-your-own AI keys (001 §5, §9): the Perplexity prefix and the validation call. */
export const API_KEYS = {
  perplexityPrefix: 'pplx-',
  validationTimeoutMs: 15_000,
  /** Small models for the one-token test call each provider is asked to answer. */
  validationModels: { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest', perplexity: 'sonar' },
  defaultBaseUrls: {
    openai: 'https://api.openai.com/v1',
    anthropic: 'https://api.anthropic.com/v1',
    perplexity: 'https://api.perplexity.ai',
  },
} as const

/** The AI Fields Library (001 §9). */
export const TEMPLATES = {
  usedInShown: 3,
  promptPreviewChars: 100,
  maxNameChars: 120,
  /** A template's field name becomes an AI column's name: the same limit. */
  maxFieldNameChars: AI.maxNameLength,
  maxPromptChars: 10_000,
  maxDescriptionChars: 1_000,
} as const

/**
 * Limits on what an .xlsx may unpack to, so a small workbook cannot expand into gigabytes (a
 * "zip bomb"). A sheet's XML is about three times the CSV of the same rows, so five times
 * MAX_UPLOAD_MB holds a workbook with more data than the largest CSV accepted; a sheet has at most
 * Excel's 1,048,576 rows.
 */
export const XLSX_LIMITS = {
  unpackedPerUploadMb: 5,
  maxRows: 1_048_576,
} as const

/** The widest table Rowcraft imports: the column lists of the API (order, exports) hold 2,000 keys. */
export const MAX_IMPORT_COLUMNS = 2000

/**
 * Queue processes renew a heartbeat; one silent for `staleAfterSeconds` is taken for stopped and
 * its running jobs are retried at once (docs/decisions/007). Every working process checks this
 * often, and at start.
 */
export const QUEUE_RECOVERY = { heartbeatSeconds: 5, staleAfterSeconds: 20, checkEverySeconds: 5 } as const

/**
 * Toasts sit this far from the top of the window: under the tallest header (the site's, 64 px;
 * the app's top bar is 56 px), so they never cover the credit badge or 'Get started'.
 */
export const TOAST_TOP_OFFSET_PX = 72

/**
 * The landing's stats band shows a figure only from this count on (an operator may set another
 * with `showFrom` in content/site.json): '0 Users' on a fresh install says nothing good.
 */
export const SITE_STATS_SHOWN_FROM = { recordsEnriched: 1000, users: 100, files: 100 } as const
/** On a phone toasts rise from the bottom, this far from the edge (at the top they covered dialogs' close buttons and page titles). */
export const TOAST_BOTTOM_OFFSET_PX = 16

/**
 * Personal API tokens (issue 24). A token is `rc_` and 43 base64url characters (32 random bytes);
 * the server keeps only its SHA-256 and the first characters, which the list shows.
 */
/**
 * Per-user limits a minute (issue 29), apart from the provider's own: questions that call a model
 * on the platform's key (Magic Chat, the AI search panel, prompt tests), and plan runs, each of
 * which reads every row. AI_QUESTIONS_PER_MINUTE and PLAN_RUNS_PER_MINUTE override them.
 */
export const USER_RATE_LIMITS = {
  aiQuestionsPerMinute: 20,
  planRunsPerMinute: 120,
} as const

export const API_TOKENS = {
  prefix: 'rc_',
  randomBytes: 32,
  shownChars: 10,
  maxPerUser: 20,
  nameMaxLength: 100,
  /** Requests a minute per token (API_TOKEN_REQUESTS_PER_MINUTE overrides it). */
  requestsPerMinute: 120,
  /** What a token may do (docs/decisions/019). */
  scopes: ['read', 'read_write'],
  /** The create form's expiry choices, in days; the API takes any future `expires_at`, or none. */
  expiryChoicesDays: [7, 30, 90, 365],
  /**
   * Failed bearer calls (unknown, revoked, expired or malformed tokens) allowed per client address
   * in a fixed minute, counted in the process's memory (no database write per failure); past it, 429.
   */
  failedAttemptsPerMinute: 20,
} as const

/**
 * The MCP server (issue 33, decision 025): `/mcp` over Streamable HTTP, what a tool answers at
 * most, and how long an export link lasts. A model reads every character it is given, so answers
 * are cut and say so (`truncated`, with the `total`).
 */
export const MCP = {
  path: '/mcp',
  /** Rows a tool lists at most (read_rows takes PAGE_SIZES; plans show their first rows). */
  maxRowsShown: 50,
  /** Row indexes a plan's answer lists at most. */
  maxRowIndexesShown: 200,
  /** Characters of one cell value shown; longer values end in '…'. */
  maxValueChars: 500,
  /** Files a list_files answer holds at most. */
  maxFilesShown: 100,
  /** Rows one add_rows call takes (the REST route takes 10,000: a model's request stays small). */
  maxRowsAdded: 1000,
  /** A JSON-RPC request's body, in bytes: room for add_rows' rows. */
  maxBodyBytes: 2 * 1024 * 1024,
} as const

/** A download link for an export (decision 025): signed, for one user's file, valid this long. */
export const EXPORT_LINKS = {
  validMinutes: 15,
  /** The signed request's JSON at most, so a link stays a URL any client can open. */
  maxRequestBytes: 4096,
} as const

/**
 * Webhooks (issue 24): the events, and the delivery schedule. A failed attempt (a timeout, a
 * refused connection, any answer but 2xx) is retried after each delay in turn, about a day in all;
 * an endpoint that has failed for `disableAfterMs` is turned off and its owner told by mail.
 */
export const WEBHOOKS = {
  events: ['upload.completed', 'upload.failed', 'ai_run.completed', 'ai_run.failed', 'row.enriched'] as const,
  /** Rows a `row.enriched` event carries at most: rows finishing together are sent in batches of this many. */
  rowsPerEnrichedEvent: 100,
  maxEndpointsPerUser: 10,
  timeoutMs: 10_000,
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 60 * 60, 5 * 60 * 60, 10 * 60 * 60, 10 * 60 * 60],
  disableAfterMs: 3 * 24 * 60 * 60 * 1000,
  recentDeliveries: 20,
  secretPrefix: 'whsec_',
} as const

/** HTTP API columns and their secrets (issue 43, docs/api/http-columns.md). */
export const HTTP_SOURCE = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const,
  maxUrlLength: 2000,
  maxHeaders: 20,
  maxQueryParams: 30,
  maxHeaderValueLength: 4000,
  maxBodyLength: 20_000,
  /** Paths into the answer: each fills its own column. */
  maxOutputs: 10,
  maxPathLength: 300,
  defaultConcurrency: 4,
  maxConcurrency: 32,
  maxRequestsPerMinute: 60_000,
  defaultTimeoutMs: 15_000,
  minTimeoutMs: 1000,
  maxTimeoutMs: 60_000,
  defaultRetries: 2,
  maxRetries: 5,
  /** An answer longer than this is cut off and the cell fails with 'too large'. */
  maxResponseBytes: 2 * 1024 * 1024,
  /** What a cell's details and 'Test on a row' show of an answer. */
  excerptChars: 300,
  testResponseChars: 20_000,
  /** A value picked from the answer is cut to this many characters in the row. */
  maxValueChars: 50_000,
} as const

/** Waterfall columns (issue 43, decision 037): ordered steps, the first accepted value wins. */
export const WATERFALL = {
  minSteps: 1,
  maxSteps: 8,
  /** A step's model name, when it names one (else the user's provider's model). */
  maxModelLength: 100,
  /** The rule a step's value passes when none is written: it is not empty. */
  defaultAcceptRule: 'NOT(IS_EMPTY({value}))',
  /** The names an acceptance rule reads: the step's value (text) and, for an AI step, its confidence (0 to 1). */
  valueName: 'value',
  confidenceName: 'confidence',
} as const

export const SECRETS = {
  maxPerUser: 100,
  maxNameLength: 64,
  maxValueLength: 8000,
} as const
