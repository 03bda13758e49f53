import { describe, expect, it } from 'vitest'
import { detectImageType } from './image-type.ts'

describe('detectImageType', () => {
  it('knows JPEG, PNG and GIF by their signatures', () => {
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('jpeg')
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png')
    expect(detectImageType(new TextEncoder().encode('GIF89a....'))).toBe('gif')
    expect(detectImageType(new TextEncoder().encode('GIF87a....'))).toBe('gif')
  })

  it('refuses text, a truncated signature and other image formats', () => {
    expect(detectImageType(new TextEncoder().encode('Name,Company\nAda,Acme'))).toBeNull()
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull()
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})
