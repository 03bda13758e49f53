import { describe, expect, it } from 'vitest'
import { measurePasswordStrength, signInSchema, signUpPasswordSchema } from './auth'

describe('measurePasswordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abc', 20, 'Weak'],
    ['abcD', 40, 'Medium'],
    ['abcD1', 60, 'Medium'],
    ['abcD1!', 80, 'Strong'],
    ['abcdefghijkl', 40, 'Medium'],
    ['abcdefghijkL1@', 100, 'Strong'],
  ] as const)('rates %j at %i%% as %s', (password, percent, label) => {
    expect(measurePasswordStrength(password)).toEqual({ percent, label })
  })
})

describe('signUpPasswordSchema', () => {
  it('accepts a password that meets all five rules', () => {
    expect(signUpPasswordSchema.safeParse('CorrectHorse1!').success).toBe(true)
  })

  it.each(['Correct-horse99', 'Correct_horse99', 'Correct horse99', 'Correct#horse99', 'Correct€horse99'])(
    'accepts any symbol as the special character: %s',
    (password) => {
      expect(signUpPasswordSchema.safeParse(password).success).toBe(true)
    },
  )

  it('refuses a password of letters and digits only', () => {
    expect(signUpPasswordSchema.safeParse('CorrectHorse99').success).toBe(false)
    expect(signUpPasswordSchema.safeParse('CorrectHörse99').success).toBe(false)
  })

  it('refuses 11 characters even when every other rule is met', () => {
    expect(signUpPasswordSchema.safeParse('Abcdefgh1@x').success).toBe(false)
  })
})

describe('signInSchema', () => {
  it('needs at least 6 password characters', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '12345' }).success).toBe(false)
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true)
  })
})
