import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repostTexts, type RepostSeries } from '@app/shared/reposts';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../../testing/auth-api-stub';
import { repostPageTexts } from '../lib/repost-texts';
import { RepostDialog } from './repost-dialog';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const series: RepostSeries = {
  id: '6f1b3b8e-2d6a-4c1e-9f4a-1b2c3d4e5f60',
  sourcePostId: null,
  campaignId: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  redditUsername: 'someone',
  subreddits: ['sunsets'],
  everyDays: 14,
  titles: ['Golden hour', 'Golden hour, again'],
  rounds: 0,
  nextRunAt: '2026-12-10T10:00:00.000Z',
  status: 'active',
  stoppedReason: null,
  lastRoundNote: null,
  createdAt: '2026-11-26T10:00:00.000Z',
};

function renderDialog(onClose = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RepostDialog
        source={{
          campaignId: series.campaignId!,
          subreddits: ['sunsets', 'goldenhour'],
          title: 'Golden hour',
        }}
        onClose={onClose}
      />
    </AppProviders>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: repostPageTexts.dialogTitle }) };
}

describe('RepostDialog', () => {
  it('sends how often, the ticked subreddits and the edited titles, then closes with the server message', async () => {
    const fetchMock = stubApi({
      'POST /api/reposts': jsonResponse({ message: repostTexts.created(14, 1), series }, 201),
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    const every = within(dialog).getByLabelText(repostPageTexts.everyLabel);
    expect(every).toHaveDisplayValue('7 days');
    expect(every).toHaveAccessibleDescription(repostPageTexts.everyHint);
    await user.selectOptions(every, '14 days');

    const first = within(dialog).getByRole('checkbox', { name: 'r/sunsets' });
    const second = within(dialog).getByRole('checkbox', { name: 'r/goldenhour' });
    expect(first).toBeChecked();
    expect(second).toBeChecked();
    await user.click(second);

    expect(within(dialog).getByLabelText(repostPageTexts.titleLabel(1))).toHaveValue('Golden hour');
    // The last title cannot be removed.
    expect(within(dialog).getByRole('button', { name: repostPageTexts.removeTitle(1) })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: repostPageTexts.addTitle }));
    await user.type(within(dialog).getByLabelText(repostPageTexts.titleLabel(2)), 'Golden hour, again');

    await user.click(within(dialog).getByRole('button', { name: repostPageTexts.save }));
    await findToast(repostTexts.created(14, 1));
    expect(sentBodies(fetchMock, 'POST', '/api/reposts')).toEqual([
      {
        campaignId: series.campaignId,
        everyDays: 14,
        subreddits: ['sunsets'],
        titles: ['Golden hour', 'Golden hour, again'],
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('says what is missing without sending, and shows the server refusal in the dialog', async () => {
    const fetchMock = stubApi({
      'POST /api/reposts': jsonResponse(
        { message: repostTexts.sourceNeedsPhoto, code: 'REPOST_NEEDS_PHOTO' },
        422,
      ),
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'r/sunsets' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'r/goldenhour' }));
    await user.click(within(dialog).getByRole('button', { name: repostPageTexts.save }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(repostPageTexts.pickSubreddit);
    expect(sentBodies(fetchMock, 'POST', '/api/reposts')).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'r/sunsets' }));
    await user.clear(within(dialog).getByLabelText(repostPageTexts.titleLabel(1)));
    await user.click(within(dialog).getByRole('button', { name: repostPageTexts.save }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(repostPageTexts.needTitle);
    expect(sentBodies(fetchMock, 'POST', '/api/reposts')).toEqual([]);

    await user.type(within(dialog).getByLabelText(repostPageTexts.titleLabel(1)), 'Back again');
    await user.click(within(dialog).getByRole('button', { name: repostPageTexts.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(repostTexts.sourceNeedsPhoto);
    expect(sentBodies(fetchMock, 'POST', '/api/reposts')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
