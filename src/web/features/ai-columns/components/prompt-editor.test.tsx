import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AI_COLUMN_MESSAGES } from '#common/messages'
import { PromptEditor } from './prompt-editor'

function Editor() {
  const [value, setValue] = useState('')
  return (
    <>
      <label htmlFor="prompt">{AI_COLUMN_MESSAGES.prompt}</label>
      <PromptEditor id="prompt" value={value} onChange={setValue} columnNames={['Name', 'Company', 'Country']} />
    </>
  )
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('the prompt editor', () => {
  it('inserts the chosen column at @ and keeps what is typed right after it in order', async () => {
    const user = userEvent.setup()
    render(<Editor />)
    const prompt = screen.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })
    await user.type(prompt, 'Industry of @com')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Company'])
    // Typed at once after Enter: the caret is already after the column, not moved back later.
    await user.keyboard('{Enter} in')
    await settle()
    await user.keyboard('?')
    expect(prompt).toHaveProperty('value', 'Industry of {Company} in?')
  })

  it('closes the list on Escape without inserting anything', async () => {
    const user = userEvent.setup()
    render(<Editor />)
    const prompt = screen.getByRole('combobox', { name: AI_COLUMN_MESSAGES.prompt })
    await user.type(prompt, 'Hi @Na')
    expect(screen.getByRole('listbox')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(prompt).toHaveProperty('value', 'Hi @Na')
  })
})
