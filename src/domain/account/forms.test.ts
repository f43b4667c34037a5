import { describe, expect, it } from 'vitest'
import { fieldProblems, ProfileForm, SignInForm, SignUpForm } from './forms'

const problems = (result: { success: boolean; error?: unknown }) =>
  result.success
    ? {}
    : Object.fromEntries(
        fieldProblems(result.error as Parameters<typeof fieldProblems>[0]).map((p) => [p.field, p.code]),
      )

describe('account forms', () => {
  it('tells a missing field from an invalid one', () => {
    expect(problems(SignInForm.safeParse({ email: '', password: '' }))).toEqual({
      email: 'required',
      password: 'required',
    })
    expect(problems(SignInForm.safeParse({ email: 'ada@', password: 'x' }))).toEqual({ email: 'invalid' })
  })

  it('asks for a password of at least 10 characters on sign-up', () => {
    expect(problems(SignUpForm.safeParse({ name: 'Ada', email: 'ada@example.com', password: 'short' }))).toEqual({
      password: 'passwordLength',
    })
    expect(SignUpForm.safeParse({ name: ' Ada ', email: ' ADA@example.com ', password: 'long enough!' }).data).toEqual({
      name: 'Ada',
      email: 'ADA@example.com',
      password: 'long enough!',
    })
  })

  it('accepts an empty or international phone number, not letters', () => {
    const base = { name: 'Ada', email: 'ada@example.com' }
    expect(ProfileForm.safeParse({ ...base, phone: '' }).success).toBe(true)
    expect(ProfileForm.safeParse({ ...base, phone: '+47 912 34 567' }).success).toBe(true)
    expect(problems(ProfileForm.safeParse({ ...base, phone: 'call me' }))).toEqual({ phone: 'invalid' })
  })
})

describe('a name on an account', () => {
  const base = { email: 'ada@example.com', phone: '' }

  it('says its limit when too long and what it may hold when it has an emoji, not "not valid"', () => {
    const long = fieldProblems(ProfileForm.safeParse({ ...base, name: 'A'.repeat(81) }).error as never)
    expect(long).toEqual([{ field: 'name', code: 'tooLong', messageKey: 'validation.tooLong', params: { max: 80 } }])
    const emoji = fieldProblems(
      SignUpForm.safeParse({ ...base, name: 'Ada 🚗', password: 'long enough!' }).error as never,
    )
    expect(emoji).toEqual([{ field: 'name', code: 'nameCharacters', messageKey: 'validation.nameCharacters' }])
  })

  it('takes names of any script, with hyphens, apostrophes and dots', () => {
    for (const name of ['Ada Lovelace', 'Þórdís Kolbrún', "Ó'Neill-Smith", 'J. R. R. Tolkien', 'สมชาย ใจดี'])
      expect(ProfileForm.safeParse({ ...base, name }).success).toBe(true)
  })
})
