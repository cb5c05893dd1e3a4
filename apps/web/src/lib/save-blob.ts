/** Hands a blob to the browser's download under this name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has handed the blob to the browser's download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
