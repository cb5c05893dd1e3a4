import { communitiesTexts } from '@app/shared/messages';
import type { Community } from '@app/shared/communities';

/** docs/product.md#communities: 1.0M style from a million, 12.5K style from a thousand, smaller counts as they are. */
export function formatMembers(count: number): string {
  // 999 950 would read "1000.0K"; it rounds into the millions instead.
  if (count >= 999_950) return `${(count / 1_000_000).toFixed(1)}M`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1)}K`;
  return String(count);
}

export type SuccessTone = 'success' | 'warning' | 'destructive' | 'unknown';

/** docs/product.md#communities: 85 or above is success, 70 or above warning, below destructive; missing is unknown. */
export function successTone(successProbability: number | null): SuccessTone {
  if (successProbability === null) return 'unknown';
  if (successProbability >= 85) return 'success';
  if (successProbability >= 70) return 'warning';
  return 'destructive';
}

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatSuccessRate(successProbability: number | null): string {
  return successProbability === null
    ? communitiesTexts.notAvailable
    : `${percent.format(successProbability)}%`;
}

export function formatEngagement(engagementRate: number): string {
  return `${engagementRate.toFixed(1)}%`;
}

/** docs/product.md#communities: '{n}/day' and '({h}h cooldown)'; null where the community states no such limit. */
export function postingLimitTexts({ perDay, cooldownHours }: Community['postingLimits']) {
  return {
    perDay: perDay === null ? null : `${perDay}/day`,
    cooldown: cooldownHours === null ? null : `(${cooldownHours}h cooldown)`,
  };
}

/** docs/product.md#communities: at most three best posting times are shown. */
export function bestPostingTimes(times: readonly string[]): string[] {
  return times.slice(0, 3);
}

/**
 * A best posting time ("HH:MM" UTC) in the viewer's own clock, today's date deciding daylight
 * saving. timeZone and locale are for tests; the browser's own are used otherwise.
 */
export function localPostingTime(
  utcTime: string,
  options: { timeZone?: string; locale?: string } = {},
): string {
  const [hours = 0, minutes = 0] = utcTime.split(':').map(Number);
  const date = new Date();
  date.setUTCHours(hours, minutes, 0, 0);
  return new Intl.DateTimeFormat(options.locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/** "body_type" → "Body type", "not_allowed" → "Not allowed". */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
