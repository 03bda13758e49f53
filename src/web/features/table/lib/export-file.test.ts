import { describe, expect, it } from 'vitest'
import { aiSearchFileLabel } from '#common/schemas/rows'
import { exportFileName, fileNameFromDisposition } from './export-file'

describe('exportFileName', () => {
  it('prefixes the scope and swaps the extension for the format', () => {
    expect(exportFileName('leads.csv', 'all', 'csv')).toBe('enriched_leads.csv')
    expect(exportFileName('leads.csv', 'view', 'json')).toBe('filtered_leads.json')
    expect(exportFileName('Leads Q3.XLSX', 'selected', 'xlsx')).toBe('selected_Leads Q3.xlsx')
    expect(exportFileName('notes', 'all', 'csv')).toBe('enriched_notes.csv')
  })

  it('puts a file label in the prefix’s place: the AI filter’s ai_search_<query>_<file>', () => {
    expect(exportFileName('leads.csv', 'view', 'csv', aiSearchFileLabel('Who is in the U.S.?'))).toBe('ai_search_Who_is_in_the_U_S___leads.csv')
  })
})

describe('fileNameFromDisposition', () => {
  it('reads the UTF-8 name first, then the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv')
    expect(fileNameFromDisposition('attachment; filename="enriched_leads.csv"')).toBe('enriched_leads.csv')
    expect(fileNameFromDisposition('attachment; filename=plain.json')).toBe('plain.json')
  })

  it('gives null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull()
    expect(fileNameFromDisposition('attachment')).toBeNull()
  })
})
