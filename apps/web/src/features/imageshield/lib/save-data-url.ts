import { saveBlob } from '../../../lib/save-blob';

/**
 * Turns a base64 data: URL into a Blob without fetch(), which the app's Content-Security-Policy
 * (connect-src 'self') would refuse for data: URLs.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('Not a data URL');
  const [, type = '', parameters = '', payload = ''] = match;
  const isBase64 = parameters.split(';').includes('base64');
  if (!isBase64) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: type || 'application/octet-stream' });
}

/** Saves a data: URL as a file: through a blob link, since some browsers cap data: links in size. */
export function saveDataUrl(dataUrl: string, filename: string): void {
  saveBlob(dataUrlToBlob(dataUrl), filename);
}
