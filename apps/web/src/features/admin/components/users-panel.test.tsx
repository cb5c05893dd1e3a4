import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTexts, type AdminUser, type AuditEntry } from '@app/shared/admin';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { createQueryClient } from '../../../lib/query-client';
import { callsOf, jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../../testing/auth-api-stub';
import { usersPanelTexts, UsersPanel } from './users-panel';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const samId = '8b0c3a52-3c1b-4d59-9a57-6b0a0e9c1d11';
const bossId = '9c1d4b63-3c1b-4d59-9a57-6b0a0e9c1d22';
const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: samId,
  username: 'spammy_sam',
  email: 'sam@example.com',
  displayName: 'Sam',
  tier: 'free',
  role: 'user',
  isAdmin: false,
  emailVerified: true,
  mustChangePassword: false,
  bannedAt: null,
  suspendedUntil: null,
  signupSource: 'password',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const boss = user({
  id: bossId,
  username: 'boss',
  email: 'boss@example.com',
  isAdmin: true,
  displayName: null,
});
const banEntry: AuditEntry = {
  id: '1f0e7a52-3c1b-4d59-9a57-6b0a0e9c1d33',
  actorUserId: bossId,
  actorUsername: 'boss',
  targetUserId: samId,
  targetUsername: 'spammy_sam',
  action: 'ban',
  details: { reason: 'Spam links' },
  createdAt: '2026-11-24T10:00:00.000Z',
};

function stubAdminApi(
  options: { list?: (call: FetchCall) => Response; ban?: (call: FetchCall) => Response } = {},
) {
  let sam = user();
  let audit: AuditEntry[] = [];
  const fetchMock = stubApi({
    'GET /api/admin/users':
      options.list ??
      ((call) => {
        const q = new URL(call.path, 'http://x').searchParams.get('q') ?? '';
        const users = [sam, boss].filter((row) => `${row.username} ${row.email}`.includes(q));
        return jsonResponse({ users, total: users.length });
      }),
    [`GET /api/admin/users/${samId}`]: () => jsonResponse({ user: sam, audit }),
    [`GET /api/admin/users/${bossId}`]: () => jsonResponse({ user: boss, audit: [] }),
    [`POST /api/admin/users/${samId}/ban`]:
      options.ban ??
      (() => {
        sam = user({ bannedAt: '2026-11-24T10:00:00.000Z' });
        audit = [banEntry];
        return jsonResponse(sam);
      }),
  });
  return fetchMock;
}

const renderPanel = () =>
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <UsersPanel />
    </AppProviders>,
  );

describe('UsersPanel', () => {
  it('lists users with tier, role and status, and searches by what is typed', async () => {
    const fetchMock = stubAdminApi();
    renderPanel();
    const row = (await screen.findByText('spammy_sam')).closest('tr')!;
    expect(within(row).getByText('free')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('boss').closest('tr')!).getByText('Admin')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: usersPanelTexts.searchLabel }), 'nobody');
    expect(await screen.findByText(usersPanelTexts.empty)).toBeInTheDocument();
    expect(callsOf(fetchMock).some((call) => call.path === '/api/admin/users?q=nobody')).toBe(true);
  });

  it('bans only after a reason is given in the confirmation, then shows the toast, the badge and the audit entry', async () => {
    const fetchMock = stubAdminApi();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage spammy_sam' }));
    const detail = await screen.findByRole('dialog', { name: 'spammy_sam' });
    await userEvent.click(await within(detail).findByRole('button', { name: 'Ban' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ban spammy_sam?' });
    expect(within(confirm).getByText(/Account access restricted/)).toBeInTheDocument();
    const banButton = within(confirm).getByRole('button', { name: 'Ban user' });
    expect(banButton).toBeDisabled();
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Spam links');
    await userEvent.click(banButton);

    await findToast('User banned and signed out everywhere');
    expect(sentBodies(fetchMock, 'POST', `/api/admin/users/${samId}/ban`)).toEqual([
      { reason: 'Spam links' },
    ]);
    const banCall = callsOf(fetchMock).find((call) => call.path.endsWith('/ban'))!;
    expect(banCall.headers.get('X-CSRF-Token')).toBe('csrf-test');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const refreshed = screen.getByRole('dialog', { name: 'spammy_sam' });
    expect(await within(refreshed).findByText('“Spam links”')).toBeInTheDocument();
    expect(within(refreshed).getByRole('button', { name: 'Unban' })).toBeInTheDocument();
    expect(within(refreshed).getAllByText('Banned').length).toBeGreaterThan(0);
  });

  it("shows the server's reason when a ban is refused, and keeps the confirmation open", async () => {
    stubAdminApi({
      ban: () => jsonResponse({ message: adminTexts.alreadyBanned, code: 'ADMIN_NO_CHANGE' }, 409),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage spammy_sam' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'spammy_sam' })).findByRole('button', {
        name: 'Ban',
      }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'again');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ban user' }));
    const toast = await findToast('Action not done');
    expect(within(toast).getByText(adminTexts.alreadyBanned)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('suspends until the chosen date with a reason', async () => {
    const fetchMock = stubAdminApi();
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.endsWith('/suspend'))
        return jsonResponse(user({ suspendedUntil: '2030-01-02T03:04:00.000Z' }));
      if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'csrf-test' });
      if (path.startsWith(`/api/admin/users/${samId}`)) return jsonResponse({ user: user(), audit: [] });
      return jsonResponse({ users: [user()], total: 1 });
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage spammy_sam' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'spammy_sam' })).findByRole('button', {
        name: 'Suspend',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend spammy_sam?' });
    const untilField = within(confirm).getByLabelText('Suspended until');
    await userEvent.clear(untilField);
    // A week from now at 09:30 local time: the form refuses a date that has passed.
    const weekAhead = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const day = [weekAhead.getFullYear(), weekAhead.getMonth() + 1, weekAhead.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    await userEvent.type(untilField, `${day}T09:30`);
    await userEvent.type(within(confirm).getByLabelText('Reason'), 'Cool down');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend user' }));
    await findToast('User suspended');
    expect(sentBodies(fetchMock, 'POST', `/api/admin/users/${samId}/suspend`)).toEqual([
      { until: new Date(`${day}T09:30`).toISOString(), reason: 'Cool down' },
    ]);
  });

  it('offers no ban, suspension or tier change for an admin account, and explains why', async () => {
    stubAdminApi();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage boss' }));
    const detail = await screen.findByRole('dialog', { name: 'boss' });
    expect(await within(detail).findByText(adminTexts.otherAdmin)).toBeInTheDocument();
    for (const name of ['Ban', 'Suspend', 'Change tier'])
      expect(within(detail).getByRole('button', { name })).toBeDisabled();
  });

  it('notes in the tier confirmation that the next billing event overwrites the tier', async () => {
    stubAdminApi();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage spammy_sam' }));
    await userEvent.click(
      await within(await screen.findByRole('dialog', { name: 'spammy_sam' })).findByRole('button', {
        name: 'Change tier',
      }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(adminTexts.tierNote)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Change tier' })).toBeDisabled();
  });

  it('loads the next page of a search with the cursor the server named, and none after the last', async () => {
    const many = Array.from({ length: 3 }, (_, index) =>
      user({ id: `0b0c3a52-3c1b-4d59-9a57-6b0a0e9c1d0${index}`, username: `creator_${index}` }),
    );
    const fetchMock = stubAdminApi({
      list: (call) => {
        const query = new URL(call.path, 'http://x').searchParams;
        const page = query.get('cursor') === 'bmV4dA' ? many.slice(2) : many.slice(0, 2);
        const headers = query.has('cursor') ? undefined : { 'X-Next-Cursor': 'bmV4dA' };
        return Response.json({ users: page, total: 3 }, { headers });
      },
    });
    renderPanel();
    expect(await screen.findByText('creator_1')).toBeInTheDocument();
    expect(screen.getByText('3 users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(await screen.findByText('creator_2')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    const listCalls = callsOf(fetchMock).filter((call) => call.path.startsWith('/api/admin/users?'));
    expect(listCalls.map((call) => call.path)).toEqual([
      '/api/admin/users?q=',
      '/api/admin/users?q=&cursor=bmV4dA',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    stubAdminApi({
      list: () =>
        fail ? jsonResponse({ message: 'boom' }, 500) : jsonResponse({ users: [user()], total: 1 }),
    });
    renderPanel();
    expect(await screen.findByText(usersPanelTexts.loadError)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('spammy_sam')).toBeInTheDocument();
  });
});
