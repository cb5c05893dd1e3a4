import { describe, expect, it } from 'vitest';
import {
  bestPostingTimes,
  formatEngagement,
  formatMembers,
  formatSuccessRate,
  humanize,
  localPostingTime,
  postingLimitTexts,
  successTone,
} from './community-format';

describe('formatMembers (spec 2)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0K'],
    [12_500, '12.5K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [5_250_000, '5.3M'],
  ])('%d → %s', (count, text) => {
    expect(formatMembers(count)).toBe(text);
  });
});

describe('success rate (spec 2)', () => {
  it.each([
    [100, 'success'],
    [85, 'success'],
    [84.9, 'warning'],
    [70, 'warning'],
    [69.9, 'destructive'],
    [0, 'destructive'],
    [null, 'unknown'],
  ] as const)('%s is %s', (value, tone) => {
    expect(successTone(value)).toBe(tone);
  });

  it("shows the percent with at most one decimal, and 'N/A' when missing", () => {
    expect(formatSuccessRate(78.5)).toBe('78.5%');
    expect(formatSuccessRate(90)).toBe('90%');
    expect(formatSuccessRate(null)).toBe('N/A');
  });
});

describe('posting limits (spec 2)', () => {
  it("reads '{n}/day' and '({h}h cooldown)', null where nothing is stated", () => {
    expect(postingLimitTexts({ perDay: 3, cooldownHours: 24 })).toEqual({
      perDay: '3/day',
      cooldown: '(24h cooldown)',
    });
    expect(postingLimitTexts({ perDay: 1, cooldownHours: 0 })).toEqual({
      perDay: '1/day',
      cooldown: '(0h cooldown)',
    });
    expect(postingLimitTexts({ perDay: null, cooldownHours: null })).toEqual({
      perDay: null,
      cooldown: null,
    });
  });
});

describe('best posting times (spec 2 and 9)', () => {
  it('keeps at most the first three', () => {
    expect(bestPostingTimes(['02:00', '14:00', '21:30', '09:00'])).toEqual(['02:00', '14:00', '21:30']);
    expect(bestPostingTimes(['02:00'])).toEqual(['02:00']);
    expect(bestPostingTimes([])).toEqual([]);
  });

  it('converts an HH:MM UTC time to the viewer’s clock', () => {
    expect(localPostingTime('14:30', { timeZone: 'UTC', locale: 'en-GB' })).toBe('14:30 UTC');
    // Kolkata has no daylight saving: always UTC+5:30.
    expect(localPostingTime('20:00', { timeZone: 'Asia/Kolkata', locale: 'en-US' })).toBe('1:30 AM GMT+5:30');
  });
});

describe('small formats', () => {
  it('engagement has one decimal; enum values read as words', () => {
    expect(formatEngagement(3)).toBe('3.0%');
    expect(formatEngagement(12.345)).toBe('12.3%');
    expect(humanize('body_type')).toBe('Body type');
    expect(humanize('not_allowed')).toBe('Not allowed');
  });
});
