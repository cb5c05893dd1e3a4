import { describe, expect, it } from 'vitest';
import { buildNotice, evidenceSentences, noticeDate, noticeText } from './dmca-notice';
import type { TraceResult } from './leak-trace';
import { emptyTakedownContact } from './takedown-contact';

const noMatch: TraceResult = {
  method: 'none',
  confidence: 0,
  summary: 'None of your copies matched this picture.',
  copy: null,
  hashDistances: [],
  tracedAt: '2026-11-20T08:30:00.000Z',
};

describe('the takedown notice', () => {
  it('writes dates day first with the month in words, in UTC', () => {
    expect(noticeDate('2026-03-03T23:59:00.000Z')).toBe('3 March 2026');
    expect(noticeDate(new Date(Date.UTC(2026, 10, 27)))).toBe('27 November 2026');
  });

  it('has no evidence section when the trace found none of her copies', () => {
    expect(evidenceSentences(noMatch)).toEqual([]);
    expect(evidenceSentences(null)).toEqual([]);
  });

  it('shows placeholders for missing contact details, numbers its sections, and joins its lines as text', () => {
    const notice = buildNotice({
      date: new Date(Date.UTC(2026, 10, 27)),
      hostName: 'leaks.example',
      hostAbuseContact: null,
      workDescription: 'My photo.\nTaken in March.',
      photo: null,
      infringingUrls: ['https://leaks.example/a'],
      evidence: noMatch,
      contact: { ...emptyTakedownContact, email: 'sunny@example.com' },
    });
    const text = noticeText(notice);
    expect(notice.recipient).toBeNull();
    expect(text).toContain('To: the designated copyright agent of leaks.example');
    expect(text).toContain('My photo.\nTaken in March.');
    expect(text).toContain('- https://leaks.example/a');
    expect(text).toContain('3. My contact information');
    expect(text).toContain('E-mail: sunny@example.com');
    expect(text).toContain(
      'Signature: /[your full legal name - add it in Settings > Takedown contact details]/',
    );
    expect(text).not.toContain('Phone:');
    expect(text.split('\n')).toHaveLength(notice.lines.length);
  });
});
