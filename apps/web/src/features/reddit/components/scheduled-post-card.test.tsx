import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { redditAllowanceTexts } from '@app/shared/posts';
import { formatTime } from '../../../lib/format/date-time';
import { makePost } from '../testing/reddit-fixtures';
import { ScheduledPostCard } from './scheduled-post-card';

const handlers = {
  isCancelling: false,
  isSendingNow: false,
  onSendNow: vi.fn(),
  isEditing: false,
  onEdit: vi.fn(),
  onCancel: vi.fn(),
  onUseAgain: vi.fn(),
};

describe('ScheduledPostCard', () => {
  it('says when the server-wide Reddit allowance, not her own limits, holds a post back, in her zone', () => {
    const now = new Date('2026-11-26T09:00:00Z');
    const post = makePost({
      titleFinal: 'Held back',
      scheduledAt: '2026-11-26T08:59:00.000Z',
      lastError: 'Waiting for Reddit: … (the server text in UTC)',
      waitingForRedditUntil: '2026-11-26T09:07:00.000Z',
    });
    render(<ScheduledPostCard post={post} now={now} timeZone="Europe/Berlin" {...handlers} />);
    const card = screen.getByRole('article', { name: 'Held back' });
    // The reader's locale decides 10:07 or 10:07 AM; the zone is hers (Berlin, UTC+1).
    const at = formatTime('2026-11-26T09:07:00.000Z', { timeZone: 'Europe/Berlin', zoneName: true });
    expect(at).toMatch(/^10:07/);
    expect(card).toHaveTextContent(redditAllowanceTexts.waiting(at));
    expect(card).toHaveTextContent(
      `Waiting for Reddit: this server has used its Reddit allowance for the moment; your post goes out at about ${at}.`,
    );
    // Not the "Reddit did not take it" retry note, and not "going out now".
    expect(card).not.toHaveTextContent('we try again automatically');
    expect(card).not.toHaveTextContent('Going out now');
    expect(card.querySelector('time')).toHaveAttribute('dateTime', '2026-11-26T09:07:00.000Z');
  });

  it('keeps the retry note for a post Reddit itself did not take', () => {
    const post = makePost({ titleFinal: 'Retrying', lastError: 'Reddit is busy', attempts: 2 });
    render(<ScheduledPostCard post={post} now={new Date()} timeZone="UTC" {...handlers} />);
    const card = screen.getByRole('article', { name: 'Retrying' });
    expect(card).toHaveTextContent('Reddit did not take it on attempt 2; we try again automatically.');
    expect(card).not.toHaveTextContent('Waiting for Reddit');
  });
});
