const extensionsByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

/**
 * "<stem>-protected.<ext>", the extension following the copy's own type: a protected copy may be
 * JPEG or PNG whatever the original was. Without a known type the original's extension stays.
 */
export function protectedFilename(original: string, mime: string): string {
  const dot = original.lastIndexOf('.');
  const stem = dot > 0 ? original.slice(0, dot) : original;
  const originalExtension = dot > 0 ? original.slice(dot + 1) : '';
  const extension = extensionsByType[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? originalExtension;
  return extension ? `${stem}-protected.${extension}` : `${stem}-protected`;
}
