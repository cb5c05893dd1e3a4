import { screen, within } from '@testing-library/react';
import type { MediaAsset, StorageUsage } from '@app/shared/media';
import { jsonResponse, type FetchCall } from './fetch-stub';
import { stubApi } from './auth-api-stub';
import { makeUsage } from './media-fixtures';

type Answer = Response | ((call: FetchCall) => Response | Promise<Response>);

/** Answers the media list and storage usage (plus any extra routes) the way the API does. */
export function stubMediaApi(
  assets: MediaAsset[],
  extra: Record<string, Answer> = {},
  usage: StorageUsage = makeUsage(),
) {
  return stubApi({
    'GET /api/media': () => jsonResponse(assets),
    'GET /api/storage/usage': () => jsonResponse(usage),
    ...extra,
  });
}

/** A promise the test settles by hand, to hold a request open while checking busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The file input behind the gallery's or media tab's drop zone. */
export function fileInput(prompt: string): HTMLInputElement {
  return screen.getByLabelText(prompt);
}

export const detailsDialog = () => screen.getByRole('dialog', { name: 'Image Details' });

export const inDialog = () => within(detailsDialog());

/** Every toast with this title (several uploads each have one), waiting for at least one. */
export async function findToasts(title: string): Promise<HTMLElement[]> {
  const headings = await screen.findAllByText(title, { selector: '[data-title]' });
  return headings.map((heading) => heading.closest<HTMLElement>('[data-sonner-toast]')!);
}
