import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accessGateDescriptions } from '@app/shared/messages';
import { renderApp } from '../../testing/render-app';
import { freeUser, makeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';

afterEach(resetAuthState);

const communityCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  callsOf(fetchMock).filter((call) => call.path.startsWith('/api/reddit/communities'));

async function accessAlert() {
  await screen.findByRole('heading', { level: 1, name: 'Reddit Communities' });
  return screen.findByRole('alert');
}

describe('communities page: access gate (spec 4)', () => {
  it('asks an unverified user to verify, resends the link, and asks the server nothing', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/resend-verification': jsonResponse({ message: 'Verification email sent' }),
    });
    const user = userEvent.setup();
    renderApp('/reddit/communities', { user: makeUser({ emailVerified: false }) });
    const alert = await accessAlert();
    expect(within(alert).getByRole('heading', { name: 'Verify your email to continue' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(accessGateDescriptions.unverified);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Resend verification email' }));
    expect(await findToast('Verification email sent')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/auth/resend-verification')).toEqual([
      { email: 'velvet@example.com' },
    ]);
    expect(communityCalls(fetchMock)).toEqual([]);
  });

  it('tells a banned user their access is restricted', async () => {
    stubApi({});
    renderApp('/reddit/communities', { user: makeUser({ bannedAt: '2025-01-01T00:00:00Z' }) });
    const alert = await accessAlert();
    expect(within(alert).getByRole('heading', { name: 'Account access restricted' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('contact support');
  });

  it('tells a suspended user until when', async () => {
    stubApi({});
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    renderApp('/reddit/communities', { user: makeUser({ suspendedUntil: until }) });
    const alert = await accessAlert();
    expect(within(alert).getByRole('heading', { name: 'Account temporarily suspended' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(/Your account is suspended until .+\d{4}/);
  });

  it("shows 'Access currently blocked' for a 403, keeps the session, and tries again on request", async () => {
    const refusal =
      'Your account is suspended until 4 July 2025 at 15:00 UTC. Contact support if you think this is a mistake.';
    let answer = jsonResponse({ message: refusal, code: 'ACCOUNT_SUSPENDED' }, 403);
    const fetchMock = stubApi({
      'GET /api/reddit/communities': () => answer,
      'GET /api/auth/user': jsonResponse(freeUser),
    });
    const user = userEvent.setup();
    renderApp('/reddit/communities', { user: freeUser });
    const alert = await accessAlert();
    expect(within(alert).getByRole('heading', { name: 'Access currently blocked' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(refusal);
    // A custom queryFn: the access refusal is explained, not treated as a lost session.
    expect(callsOf(fetchMock).some((call) => call.path === '/api/auth/logout')).toBe(false);
    expect(communityCalls(fetchMock)).toHaveLength(1);

    answer = jsonResponse([]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No communities yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
