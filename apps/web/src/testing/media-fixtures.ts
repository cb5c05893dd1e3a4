import type { MediaAsset, StorageUsage } from '@app/shared/media';

let counter = 0;

/** A listed asset as GET /api/media returns it; an image unless told otherwise. */
export function makeAsset(overrides: Partial<MediaAsset> = {}): MediaAsset {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const kind = overrides.kind ?? 'image';
  const mime = overrides.type ?? overrides.mime ?? (kind === 'video' ? 'video/mp4' : 'image/jpeg');
  const size = overrides.size ?? overrides.bytes ?? 250_880;
  const signed = `/api/media/${id}/file/original?exp=1&sig=s`;
  return {
    id,
    filename: `photo-${counter}.jpg`,
    kind,
    type: mime,
    mime,
    size,
    bytes: size,
    width: 800,
    height: 600,
    tags: [],
    signedUrl: signed,
    thumbnailUrl: kind === 'video' ? signed : `/api/media/${id}/file/thumbnail?exp=1&sig=t`,
    downloadUrl: `/api/media/${id}/file/original?exp=1&sig=d&download=1`,
    urlsExpireAt: new Date(Date.now() + 3_600_000).toISOString(),
    hasWatermark: false,
    visibility: 'private',
    protectionLevel: null,
    isProtected: false,
    protectedUrl: null,
    protectionReport: null,
    contentRating: null,
    lastRepostedAt: null,
    createdAt: '2026-03-12T09:41:00.000Z',
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<StorageUsage> = {}): StorageUsage {
  return {
    usedBytes: 512 * 1024 ** 2,
    quotaBytes: 2 * 1024 ** 3,
    assetsCount: 3,
    usedPercentage: 25,
    proUpgrade: { quotaBytes: 50 * 1024 ** 3 },
    ...overrides,
  };
}

/** A File whose reported size can exceed what the test really allocates. */
export function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['pixels'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
