import { describe, expect, it } from 'vitest';
import { checkDraft, draftFromPost, editChanges, emptyDraft } from './schedule-draft';
import { makePost } from '../testing/reddit-fixtures';

const now = new Date('2026-11-23T14:05:00.000Z');

describe('schedule draft (spec 5)', () => {
  it('asks for subreddit and title when either is missing', () => {
    const result = checkDraft({ ...emptyDraft, body: 'Only a body' }, now);
    expect(result).toEqual({
      ok: false,
      missing: true,
      errors: { subreddit: 'Enter the subreddit to post in.', title: 'Enter a title for your post.' },
    });
    expect(checkDraft({ ...emptyDraft, subreddit: ' r/ ', title: 'Hi' }, now)).toMatchObject({
      missing: true,
    });
  });

  it('builds the request: r/ removed, empty body left out, server timing for optimal', () => {
    const result = checkDraft(
      { ...emptyDraft, subreddit: ' r/Selfie ', title: '  Hello  ', body: '   ' },
      now,
    );
    expect(result).toEqual({ ok: true, request: { subreddit: 'Selfie', title: 'Hello', timing: 'optimal' } });
  });

  it('sends the computed time, the account and the flair', () => {
    const draft = {
      ...emptyDraft,
      subreddit: 'selfie',
      title: 'Hi',
      choice: '6h' as const,
      accountId: 'acc',
      flairId: 'f1',
      flairText: 'OC',
    };
    expect(checkDraft(draft, now)).toEqual({
      ok: true,
      request: {
        subreddit: 'selfie',
        title: 'Hi',
        scheduledAt: '2026-11-23T20:05:00.000Z',
        redditAccountId: 'acc',
        flairId: 'f1',
        flairText: 'OC',
      },
    });
  });

  it('reports a bad community name and a missing custom time next to their fields', () => {
    const result = checkDraft({ ...emptyDraft, subreddit: 'not a name', title: 'Hi', choice: 'custom' }, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.missing).toBe(false);
    expect(result.errors.subreddit).toMatch(/only letters, digits and underscores/);
    expect(result.errors.time).toMatch(/Pick the date and time/);
  });

  it('puts a failed post back into the form with a fresh time', () => {
    const post = makePost({
      subreddit: 'gonewild',
      titleFinal: 'Again',
      bodyFinal: 'Text',
      redditAccountId: 'acc-2',
    });
    const draft = draftFromPost(post, { ...emptyDraft, choice: 'custom', custom: '2026-12-01T10:00' });
    expect(draft).toMatchObject({
      subreddit: 'gonewild',
      title: 'Again',
      body: 'Text',
      choice: 'optimal',
      custom: '',
      accountId: 'acc-2',
    });
  });
});

describe('changes to a pending post', () => {
  it('sends the picked time, now as null, and the optimal time the server named', () => {
    expect(
      editChanges({ subreddit: 's', title: 't', scheduledAt: '2026-12-01T10:00:00.000Z' }, undefined),
    ).toEqual({
      subreddit: 's',
      title: 't',
      body: null,
      scheduledAt: '2026-12-01T10:00:00.000Z',
      // An emptied first comment field removes the comment.
      firstComment: null,
    });
    expect(
      editChanges(
        { subreddit: 's', title: 't', timing: 'now', firstComment: 'hi', firstCommentDelayMinutes: 5 },
        undefined,
      ),
    ).toMatchObject({ firstComment: 'hi', firstCommentDelayMinutes: 5 });
    expect(
      editChanges({ subreddit: 's', title: 't', body: 'b', timing: 'now' }, '2026-12-01T20:00:00.000Z'),
    ).toMatchObject({
      body: 'b',
      scheduledAt: null,
    });
    expect(
      editChanges({ subreddit: 's', title: 't', timing: 'optimal' }, '2026-12-01T20:00:00.000Z').scheduledAt,
    ).toBe('2026-12-01T20:00:00.000Z');
  });
});
