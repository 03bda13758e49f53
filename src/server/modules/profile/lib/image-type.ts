/** The avatar formats the spec accepts (001 §5), told apart by their first bytes, never the name. */
export type AvatarImageType = 'jpeg' | 'png' | 'gif'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function detectImageType(bytes: Uint8Array): AvatarImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png'
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 6))
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif'
  return null
}
