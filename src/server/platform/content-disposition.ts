/**
 * RFC 6266: an ASCII fallback name for old clients and the UTF-8 one in `filename*` (RFC 8187),
 * so a header never carries a byte outside Latin-1, whatever the user named the file.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
