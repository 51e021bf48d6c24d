/**
 * `attachment` with the file's name, whatever it holds: plain ASCII for old clients, UTF-8
 * (RFC 6266/5987 `filename*`) for the rest. Every download's header is built here: a raw name
 * with a non-Latin-1 character or a line break is a header Node refuses to send (a 500).
 */
export function attachment(fileName: string): string {
  // A lone surrogate (from a name cut mid-character) cannot be percent-encoded: it becomes U+FFFD.
  const name = fileName.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
