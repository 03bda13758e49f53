/** The drag payload of a file card: its id under our own type, so OS file drops are not confused with it. */
export const FILE_DRAG_TYPE = 'application/x-rowcraft-file'

export function carriesFileCard(types: readonly string[]) {
  return types.includes(FILE_DRAG_TYPE)
}
