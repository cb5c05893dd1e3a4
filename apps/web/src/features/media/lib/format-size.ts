const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Spec 2: gallery cards and details show whole kilobytes ("245 KB"); a non-empty file never reads 0. */
export function formatKilobytes(bytes: number): string {
  const kilobytes = Math.round(bytes / 1024);
  return `${bytes > 0 ? Math.max(1, kilobytes) : 0} KB`;
}

/** The largest fitting binary unit, one decimal below 10 ("950 KB", "4.2 MB", "2 GB"), as plans name quotas. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
