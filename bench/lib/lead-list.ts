import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

/** A deterministic generator of realistic lead lists: 13 columns, notes with commas, quotes and newlines. */

const FIRST = ['Ada', 'José', 'Zoë', 'Søren', 'Łukasz', 'Priya', 'Marco', 'Hannah', 'Wei', 'Fatima', 'Olu', 'Ingrid', 'Mateo', 'Yuki', 'Amara', 'Liam']
const LAST = ['Lovelace', 'García', 'Smith', 'Kierkegaard', 'Nowak', 'Raman', 'Silva', 'Okafor', 'Chen', 'Haddad', 'Adeyemi', 'Berg', 'Rossi', 'Tanaka', 'Mensah', 'Murphy']
const COMPANY = ['Northwind', 'Bluefin', 'Juniper', 'Copperline', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Acme', 'Hooli', 'Vandelay', 'Soylent', 'Tyrell', 'Cyberdyne', 'Wonka']
const SUFFIX = ['Analytics', 'Logistics', 'Health', 'Studio', 'Labs', 'Systems', 'Partners', 'Foods', 'Energy', 'Capital']
const TITLE = ['Head of Sales', 'VP Marketing', 'Growth Lead', 'CEO', 'CTO', 'Account Executive', 'Operations Manager', 'Founder']
const COUNTRY = ['United States', 'Germany', 'France', 'Brazil', 'India', 'Japan', 'Nigeria', 'Norway', 'Spain', 'Canada']
const CITY = ['Austin', 'Berlin', 'Lyon', 'São Paulo', 'Pune', 'Osaka', 'Lagos', 'Bergen', 'Sevilla', 'Toronto']
const INDUSTRY = ['SaaS', 'Logistics', 'Healthcare', 'Design', 'Fintech', 'Retail', 'Energy', 'Education']
const NOTES = [
  'Met at the expo, interested in a pilot',
  '"Call back in Q3", said the assistant',
  'Budget approved, needs security review, legal sign-off',
  'Prefers e-mail\nAvailable Tuesdays',
  '',
  'Referred by an existing customer; high intent',
]

function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 4294967296
  }
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

export const LEAD_HEADER = ['First Name', 'Last Name', 'Email', 'Company', 'Title', 'Country', 'City', 'Phone', 'Website', 'Employees', 'Industry', 'LinkedIn URL', 'Notes']

/** Writes rows until the file reaches `targetBytes` (in steps of about 1 MB) or holds `maxRows`; returns the row count. */
export async function writeLeadList(path: string, targetBytes: number, seed = 42, maxRows = Infinity): Promise<number> {
  const random = rng(seed)
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!
  const out = createWriteStream(path)
  let bytes = 0
  let rows = 0
  let chunk = LEAD_HEADER.join(',') + '\n'
  while (bytes < targetBytes && rows < maxRows) {
    const first = pick(FIRST)
    const last = pick(LAST)
    const company = `${pick(COMPANY)} ${pick(SUFFIX)}`
    const domain = `${company.toLowerCase().replace(/[^a-z]+/g, '-')}.example`
    const cells = [
      first,
      last,
      `${first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${rows}@${domain}`,
      company,
      pick(TITLE),
      pick(COUNTRY),
      pick(CITY),
      `+1-555-${String(Math.floor(random() * 9000) + 1000)}`,
      `https://www.${domain}`,
      String(Math.floor(random() * 5000) + 1),
      pick(INDUSTRY),
      `https://www.linkedin.com/in/${first.toLowerCase()}-${rows}`,
      pick(NOTES),
    ]
    chunk += cells.map(csvCell).join(',') + '\n'
    rows += 1
    if (chunk.length > 1 << 20) {
      bytes += Buffer.byteLength(chunk)
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
  return rows
}
