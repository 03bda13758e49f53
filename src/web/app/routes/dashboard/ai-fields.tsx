import { AiFieldsLibrary } from '#web/features/templates/components/ai-fields-library'

export function AiFieldsRoute() {
  return <AiFieldsLibrary />
}
