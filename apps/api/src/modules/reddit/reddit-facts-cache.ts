/**
 * What Reddit told us a moment ago about an account (karma, age) and about a subreddit as that
 * account sees it (post requirements, flairs), kept for a short while. Checking a draft and then
 * scheduling it, or scheduling several posts to one subreddit, would otherwise ask Reddit the same
 * questions again and again, and every call counts against the account's Reddit rate limit
 * (100 a minute). Only answers are kept, never failures; the facts change rarely and a stale one
 * costs at most a warning that goes away on the next check.
 */
export class RedditFactsCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();

  constructor(
    readonly ttlMs = 2 * 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The remembered answer for key, or what `load` answers now (remembered when it succeeds);
   * `fresh` asks Reddit whatever is remembered. `remembered` says which of the two it was.
   */
  async get<T>(
    key: readonly string[],
    load: () => Promise<T>,
    { fresh = false } = {},
  ): Promise<{ value: T; remembered: boolean }> {
    const id = key.join('\u0000');
    const entry = this.entries.get(id);
    if (!fresh && entry && this.now() < entry.expiresAt) return { value: entry.value as T, remembered: true };
    const value = await load();
    this.entries.delete(id);
    if (this.ttlMs > 0) {
      // A Map keeps insertion order: the first key is the oldest one.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { value, expiresAt: this.now() + this.ttlMs });
    }
    return { value, remembered: false };
  }

  /** Everything known about one account (it was relinked, disconnected or its token refused). */
  forgetAccount(accountId: string) {
    for (const id of this.entries.keys())
      if (id === accountId || id.startsWith(`${accountId}\u0000`)) this.entries.delete(id);
  }

  get size() {
    return this.entries.size;
  }
}
