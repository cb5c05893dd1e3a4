/** Longest display name we keep, extension included. */
const maxLength = 120;

/**
 * A display name from whatever the browser sent: no folders (`../../etc/passwd` → `passwd`), no
 * control or reserved characters, and the extension of the type the bytes really are.
 */
export function displayFilename(clientFilename: string, ext: string): string {
  const lastSegment = clientFilename.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = cleaned.replace(/\.[^.]*$/, '').trim() || 'upload';
  return `${[...stem].slice(0, maxLength - ext.length - 1).join('')}.${ext}`;
}

/** Content-Disposition with a plain fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
