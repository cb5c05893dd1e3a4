const gigabyte = 1024 ** 3;

/** "2 GB", "10 GB", "1.5 GB": how plans name their storage. */
export function formatGigabytes(bytes: number): string {
  const value = bytes / gigabyte;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} GB`;
}
