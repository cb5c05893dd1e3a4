/** Sending needs a moment; a best time this close is taken as the next day's. */
const minimumLeadMs = 60_000;

/**
 * The next of the community's best posting times ("HH:MM", UTC) after now; null when it has none.
 * All listed times count, not only the first three the page shows: the soonest good time wins.
 */
export function nextOptimalTime(bestPostingTimes: readonly string[], now = new Date()): Date | null {
  let best: Date | null = null;
  for (const time of bestPostingTimes) {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
    if (!match) continue;
    const candidate = new Date(now);
    candidate.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
    if (candidate.getTime() < now.getTime() + minimumLeadMs) candidate.setUTCDate(candidate.getUTCDate() + 1);
    if (!best || candidate < best) best = candidate;
  }
  return best;
}
