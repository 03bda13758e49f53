import { describe, expect, it } from 'vitest'
import { identifierKindOf } from './duplicates'

describe('identifierKindOf', () => {
  it.each([
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['work_email', 'email'],
    ['Email Address', 'email'],
    ['contactEmail', 'email'],
    ['Website', 'website'],
    ['Company URL', 'website'],
    ['domain', 'website'],
    ['Email Domain', 'website'],
    ['email_domain', 'website'],
    ['Web site', 'website'],
    ['Id', 'id'],
    ['Lead ID', 'id'],
    ['customer_id', 'id'],
    ['UUID', 'id'],
    ['LinkedIn URL', 'id'],
    ['linkedin', 'id'],
  ])('reads %s as %s', (name, kind) => {
    expect(identifierKindOf(name)).toBe(kind)
  })

  it.each(['Name', 'Company', 'Country', 'Paid', 'Idea', 'Valid', 'Employees', 'Signed up', 'Mailing list'])('leaves %s alone', (name) => {
    expect(identifierKindOf(name)).toBeNull()
  })
})
