/** A multipart body as a browser's FormData sends it: text fields and at most one file (optionally cut short). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { field: string; name: string; data: Buffer; type?: string },
  truncate = false,
) {
  const boundary = '----portaltest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(truncate ? file.data.subarray(0, file.data.length >> 1) : file.data, Buffer.from('\r\n'));
  }
  if (!truncate) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
