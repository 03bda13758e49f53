import type { AiJsonField, AiOutputKind, AiOutputType } from '#common/schemas/enrichment'

/** The output type as the dialog edits it: choices as lines of text, JSON fields as rows. */
export type OutputTypeDraft = { kind: AiOutputKind; choicesText: string; jsonFields: AiJsonField[] }

export const OUTPUT_KINDS: AiOutputKind[] = ['text', 'number', 'boolean', 'choice', 'url', 'email', 'json']

export function draftOf(outputType: AiOutputType): OutputTypeDraft {
  return {
    kind: outputType.kind,
    choicesText: outputType.kind === 'choice' ? outputType.choices.join('\n') : '',
    jsonFields: outputType.kind === 'json' ? outputType.fields : [{ name: '', type: 'text' }],
  }
}

/** The draft as the API takes it (checked there with `aiOutputTypeSchema`). */
export function outputTypeOf(draft: OutputTypeDraft): AiOutputType {
  switch (draft.kind) {
    case 'choice':
      return {
        kind: 'choice',
        choices: draft.choicesText
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      }
    case 'json':
      return { kind: 'json', fields: draft.jsonFields.map((field) => ({ ...field, name: field.name.trim() })) }
    default:
      return { kind: draft.kind }
  }
}
