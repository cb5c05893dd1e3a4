import { describe, expect, it } from 'vitest';
import { makePost } from '../testing/reddit-fixtures';
import { pollInterval } from './get-scheduled-posts';

const now = Date.parse('2026-11-23T12:00:00.000Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('how often the scheduled posts are read again', () => {
  it('does not poll when nothing is pending', () => {
    expect(pollInterval(undefined, now)).toBe(false);
    expect(
      pollInterval([makePost({ status: 'sent', scheduledAt: at(-5) }), makePost({ status: 'failed' })], now),
    ).toBe(false);
  });

  it('polls every few seconds while a post is due or overdue', () => {
    expect(pollInterval([makePost({ scheduledAt: at(1) })], now)).toBe(3_000);
    expect(pollInterval([makePost({ scheduledAt: at(-3) }), makePost({ scheduledAt: at(600) })], now)).toBe(
      3_000,
    );
  });

  it('polls every half minute while the next post is later', () => {
    expect(pollInterval([makePost({ scheduledAt: at(30) })], now)).toBe(30_000);
  });
});
