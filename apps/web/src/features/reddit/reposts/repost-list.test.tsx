import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repostTexts, type RepostSeries } from '@app/shared/reposts';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { createQueryClient } from '../../../lib/query-client';
import { callsOf, jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, stubApi } from '../../../testing/auth-api-stub';
import { makePost } from '../testing/reddit-fixtures';
import { ScheduledPostCard } from '../components/scheduled-post-card';
import { repostPageTexts } from '../lib/repost-texts';
import { RepostList } from './repost-list';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const reason =
  'Stopped: your repost in r/sunsets was removed by the moderators on 2026-11-20. Reposting there again risks a ban.';
const stopped: RepostSeries = {
  id: '6f1b3b8e-2d6a-4c1e-9f4a-1b2c3d4e5f60',
  sourcePostId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  campaignId: null,
  redditUsername: 'someone',
  subreddits: ['sunsets', 'goldenhour'],
  everyDays: 7,
  titles: ['Golden hour', 'Golden hour, again'],
  rounds: 2,
  nextRunAt: '2026-12-10T10:00:00.000Z',
  status: 'stopped',
  stoppedReason: reason,
  lastRoundNote: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const wrap = (node: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);

describe('RepostList', () => {
  it('shows each series with its status and why it stopped, and resumes it', async () => {
    const active = { ...stopped, status: 'active' as const, stoppedReason: null };
    const fetchMock = stubApi({
      'GET /api/reposts': jsonResponse([stopped]),
      [`POST /api/reposts/${stopped.id}/resume`]: jsonResponse({
        message: repostTexts.resumed,
        series: active,
      }),
    });
    const user = userEvent.setup();
    wrap(<RepostList enabled />);
    const item = await screen.findByRole('listitem', { name: 'r/sunsets, r/goldenhour' });
    expect(item).toHaveTextContent('Stopped');
    expect(item).toHaveTextContent(reason);
    expect(item).toHaveTextContent('Every 7 days · 2 rounds so far');
    await user.click(
      within(item).getByRole('button', { name: `${repostPageTexts.resume}: r/sunsets, r/goldenhour` }),
    );
    await findToast(repostTexts.resumed);
    expect(
      callsOf(fetchMock).filter(
        (call) => call.method === 'POST' && call.path === `/api/reposts/${stopped.id}/resume`,
      ),
    ).toHaveLength(1);
  });

  it('offers "Repost every N days" on a sent photo post only, opening the dialog for it', async () => {
    stubApi({});
    const user = userEvent.setup();
    const handlers = {
      now: new Date('2026-11-26T09:00:00Z'),
      timeZone: 'UTC',
      isCancelling: false,
      isSendingNow: false,
      onSendNow: vi.fn(),
      isEditing: false,
      onEdit: vi.fn(),
      onCancel: vi.fn(),
      onUseAgain: vi.fn(),
    };
    const sent = makePost({
      titleFinal: 'Sent photo',
      status: 'sent',
      sentAt: '2026-11-26T08:00:00.000Z',
      imageId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      subreddit: 'sunsets',
    });
    const text = makePost({
      titleFinal: 'Sent text',
      status: 'sent',
      sentAt: '2026-11-26T08:00:00.000Z',
      imageId: null,
    });
    wrap(
      <>
        <ScheduledPostCard post={sent} {...handlers} />
        <ScheduledPostCard post={text} {...handlers} />
      </>,
    );
    expect(
      screen.queryByRole('button', { name: repostPageTexts.openFor('Sent text') }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: repostPageTexts.openFor('Sent photo') }));
    const dialog = screen.getByRole('dialog', { name: repostPageTexts.dialogTitle });
    expect(within(dialog).getByRole('checkbox', { name: 'r/sunsets' })).toBeChecked();
    expect(within(dialog).getByLabelText(repostPageTexts.titleLabel(1))).toHaveValue('Sent photo');
  });
});
