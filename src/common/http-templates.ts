import type { HttpOutput, HttpRequestTemplate } from './schemas/sources.ts'

/**
 * Ready HTTP API column templates (issue 43), each from its provider's public API documentation:
 * the request, the paths into the documented answer, and the key as a `{secret:NAME}` the user
 * saves once under API Settings > Secrets. `columns` names the columns the template reads: the
 * dialog asks the user to point each at a column of the file. docs/api/http-columns.md lists them.
 */
export type HttpTemplate = {
  id: string
  name: string
  provider: string
  description: string
  /** The secret the template sends, and where to get it. */
  secret: { name: string; help: string }
  /** Placeholders the user maps to the file's columns (written `{Domain}` in the request). */
  columns: string[]
  request: Omit<HttpRequestTemplate, 'method'> & { method: HttpRequestTemplate['method'] }
  outputs: HttpOutput[]
  docs: string
}

export const HTTP_TEMPLATES: HttpTemplate[] = [
  {
    id: 'hunter-email-finder',
    name: 'Find a work e-mail',
    provider: 'Hunter',
    description: "The most likely e-mail address from a person's first and last name and their company's domain, with Hunter's confidence score.",
    secret: { name: 'HUNTER_API_KEY', help: 'Hunter dashboard > API' },
    columns: ['First name', 'Last name', 'Domain'],
    request: {
      method: 'GET',
      url: 'https://api.hunter.io/v2/email-finder',
      headers: [{ name: 'X-API-KEY', value: '{secret:HUNTER_API_KEY}' }],
      query: [
        { name: 'domain', value: '{Domain}' },
        { name: 'first_name', value: '{First name}' },
        { name: 'last_name', value: '{Last name}' },
      ],
      body: null,
    },
    outputs: [
      { name: 'Email', path: 'data.email' },
      { name: 'Email score', path: 'data.score' },
    ],
    docs: 'https://hunter.io/api-documentation/v2#email-finder',
  },
  {
    id: 'hunter-email-verifier',
    name: 'Verify an e-mail',
    provider: 'Hunter',
    description: 'Whether an address is deliverable (valid, invalid, accept_all, webmail, disposable, unknown) and a score.',
    secret: { name: 'HUNTER_API_KEY', help: 'Hunter dashboard > API' },
    columns: ['Email'],
    request: {
      method: 'GET',
      url: 'https://api.hunter.io/v2/email-verifier',
      headers: [{ name: 'X-API-KEY', value: '{secret:HUNTER_API_KEY}' }],
      query: [{ name: 'email', value: '{Email}' }],
      body: null,
    },
    outputs: [
      { name: 'Email status', path: 'data.status' },
      { name: 'Email verifier score', path: 'data.score' },
    ],
    docs: 'https://hunter.io/api-documentation/v2#email-verifier',
  },
  {
    id: 'zerobounce-validate',
    name: 'Validate an e-mail',
    provider: 'ZeroBounce',
    description: 'Status (valid, invalid, catch-all, unknown, spamtrap, abuse, do_not_mail) and sub-status of an address.',
    secret: { name: 'ZEROBOUNCE_API_KEY', help: 'ZeroBounce dashboard > API' },
    columns: ['Email'],
    request: {
      method: 'GET',
      url: 'https://api.zerobounce.net/v2/validate',
      headers: [],
      query: [
        { name: 'api_key', value: '{secret:ZEROBOUNCE_API_KEY}' },
        { name: 'email', value: '{Email}' },
        { name: 'ip_address', value: '' },
      ],
      body: null,
    },
    outputs: [
      { name: 'Email validity', path: 'status' },
      { name: 'Email sub-status', path: 'sub_status' },
    ],
    docs: 'https://www.zerobounce.net/docs/email-validation-api-quickstart/',
  },
  {
    id: 'pdl-company-enrich',
    name: 'Company data from a website',
    provider: 'People Data Labs',
    description: "A company's name, industry, size and LinkedIn page from its website.",
    secret: { name: 'PDL_API_KEY', help: 'People Data Labs dashboard > API keys' },
    columns: ['Website'],
    request: {
      method: 'GET',
      url: 'https://api.peopledatalabs.com/v5/company/enrich',
      headers: [{ name: 'X-Api-Key', value: '{secret:PDL_API_KEY}' }],
      query: [{ name: 'website', value: '{Website}' }],
      body: null,
    },
    outputs: [
      { name: 'Company name', path: 'display_name' },
      { name: 'Industry', path: 'industry' },
      { name: 'Employees', path: 'employee_count' },
      { name: 'Company LinkedIn', path: 'linkedin_url' },
    ],
    docs: 'https://docs.peopledatalabs.com/docs/reference-company-enrichment-api',
  },
  {
    id: 'pdl-person-enrich',
    name: 'Person data from an e-mail',
    provider: 'People Data Labs',
    description: "A person's job title, company and LinkedIn profile from their e-mail address.",
    secret: { name: 'PDL_API_KEY', help: 'People Data Labs dashboard > API keys' },
    columns: ['Email'],
    request: {
      method: 'GET',
      url: 'https://api.peopledatalabs.com/v5/person/enrich',
      headers: [{ name: 'X-Api-Key', value: '{secret:PDL_API_KEY}' }],
      query: [{ name: 'email', value: '{Email}' }],
      body: null,
    },
    outputs: [
      { name: 'Job title', path: 'data.job_title' },
      { name: 'Current company', path: 'data.job_company_name' },
      { name: 'LinkedIn', path: 'data.linkedin_url' },
    ],
    docs: 'https://docs.peopledatalabs.com/docs/reference-person-enrichment-api',
  },
  {
    id: 'hubspot-contact-lookup',
    name: 'Find the contact in HubSpot',
    provider: 'HubSpot CRM',
    description: "The HubSpot contact with this e-mail: its record id and lifecycle stage (a private app's access token).",
    secret: { name: 'HUBSPOT_TOKEN', help: 'HubSpot > Settings > Integrations > Private apps' },
    columns: ['Email'],
    request: {
      method: 'POST',
      url: 'https://api.hubapi.com/crm/v3/objects/contacts/search',
      headers: [{ name: 'Authorization', value: 'Bearer {secret:HUBSPOT_TOKEN}' }],
      query: [],
      body: '{"filterGroups": [{"filters": [{"propertyName": "email", "operator": "EQ", "value": "{Email}"}]}], "properties": ["email", "lifecyclestage"], "limit": 1}',
    },
    outputs: [
      { name: 'HubSpot id', path: 'results[0].id' },
      { name: 'Lifecycle stage', path: 'results[0].properties.lifecyclestage' },
    ],
    docs: 'https://developers.hubspot.com/docs/api/crm/search',
  },
]

/** A template's request with its placeholders pointed at the file's columns (`mapping`: placeholder -> column name). */
export function applyTemplateColumns(template: HttpTemplate, mapping: Record<string, string>): HttpRequestTemplate {
  const swap = (text: string) => template.columns.reduce((out, placeholder) => out.split(`{${placeholder}}`).join(`{${mapping[placeholder] ?? placeholder}}`), text)
  return {
    method: template.request.method,
    url: swap(template.request.url),
    headers: template.request.headers.map((h) => ({ name: h.name, value: swap(h.value) })),
    query: template.request.query.map((q) => ({ name: q.name, value: swap(q.value) })),
    body: template.request.body === null ? null : swap(template.request.body),
  }
}
