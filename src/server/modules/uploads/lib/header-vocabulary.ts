import { classifyCell } from './cell-types.ts'

/** One observation about a candidate header row; positive weight speaks for a header. */
export type Evidence = { weight: number; text: string }

/**
 * Words that name columns in lead lists and the exports they come from (CRMs, spreadsheets,
 * open data), in the languages of the files we see. Matched per word, so "Phone 1",
 * "first_name" and "Subscription Date" all count.
 */
const COLUMN_WORDS = new Set(
  [
    // English
    'id', 'index', 'name', 'first', 'last', 'full', 'middle', 'surname', 'email', 'mail', 'phone', 'mobile',
    'tel', 'telephone', 'fax', 'company', 'organisation', 'organization', 'org', 'account', 'title', 'job',
    'position', 'role', 'department', 'address', 'street', 'city', 'town', 'state', 'province', 'region',
    'county', 'country', 'zip', 'postal', 'postcode', 'code', 'date', 'time', 'created', 'updated', 'modified',
    'url', 'website', 'web', 'site', 'domain', 'linkedin', 'twitter', 'source', 'status', 'stage', 'owner',
    'lead', 'notes', 'note', 'comment', 'comments', 'description', 'type', 'category', 'industry', 'revenue',
    'employees', 'size', 'amount', 'price', 'qty', 'quantity', 'total', 'currency', 'product', 'sku',
    'gender', 'sex', 'age', 'birth', 'dob', 'language', 'languages', 'lat', 'latitude', 'lon', 'lng',
    'longitude', 'user', 'username', 'group', 'tag', 'tags', 'label', 'subject', 'author', 'publisher',
    'publication', 'isbn', 'contact', 'customer', 'client', 'deal', 'subscription', 'area', 'population',
    'capital', 'continent', 'iso', 'number', 'no', 'year', 'month', 'day', 'salutation', 'prefix', 'suffix',
    'field', 'column', 'col', 'value', 'key', 'item', 'attribute',
    // French, Spanish, Portuguese, German, Italian, Dutch, Polish
    'nom', 'prénom', 'prenom', 'adresse', 'ville', 'pays', 'téléphone', 'courriel', 'société', 'entreprise',
    'nombre', 'apellido', 'apellidos', 'correo', 'teléfono', 'telefono', 'empresa', 'ciudad', 'país',
    'dirección', 'fecha', 'endereço', 'cidade', 'vorname', 'nachname', 'straße', 'strasse', 'ort', 'land',
    'telefon', 'firma', 'datum', 'stadt', 'anrede', 'cognome', 'indirizzo', 'città', 'naam', 'adres',
    'plaats', 'imię', 'nazwisko', 'miasto', 'ulica',
    // Russian
    'фонд', 'дата', 'имя', 'фамилия', 'телефон', 'город', 'компания', 'название', 'адрес', 'страна',
  ],
)

const SNAKE_OR_KEBAB = /^[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+$/
const CAMEL = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/
const NUMBERED = /^[A-Za-z]{2,}[ _]?\d{1,3}$/

function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/** What the row's own values say: column-name words and styles for, long or multi-line values against. */
export function headerEvidence(names: string[], label: string): Evidence[] {
  const evidence: Evidence[] = []
  // An e-mail, web address, number or date is data whatever words it holds (eve0@example.org has "org").
  const known = names.filter((name) => classifyCell(name) === 'text' && words(name).some((word) => COLUMN_WORDS.has(word)))
  if (known.length > 0) {
    const shown = known.slice(0, 3).join(', ')
    evidence.push({
      weight: Math.min(1.5, 0.5 * known.length),
      text: `${label} contains typical column names (${shown}${known.length > 3 ? ', ...' : ''})`,
    })
  }
  const identifiers = names.filter((name) => SNAKE_OR_KEBAB.test(name) || CAMEL.test(name) || NUMBERED.test(name))
  if (identifiers.length > 0) {
    evidence.push({
      weight: Math.min(1, 0.25 * identifiers.length),
      text: `${label} has identifier-style names (${identifiers.slice(0, 3).join(', ')})`,
    })
  }
  const long = names.filter((name) => name.length > 50 || /[\r\n]/.test(name))
  if (long.length > 0) {
    evidence.push({ weight: -1, text: `${label} has long or multi-line values, unlike column names` })
  }
  return evidence
}
