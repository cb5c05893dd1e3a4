import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTexts, type LeadApplication, type LeadSignup } from '@app/shared/admin';
import { renderApp } from '../../testing/render-app';
import { adminUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, stubApi } from '../../testing/auth-api-stub';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const applicationId = '5a0e7a52-3c1b-4d59-9a57-6b0a0e9c1d44';
const leads: { applications: LeadApplication[]; signups: LeadSignup[] } = {
  applications: [
    {
      id: applicationId,
      referralCode: 'FRIEND1234',
      referrerUserId: '6b0e7a52-3c1b-4d59-9a57-6b0a0e9c1d55',
      referrerUsername: 'rita_ref',
      applicantUserId: null,
      applicantUsername: null,
      applicantEmail: 'newbie@example.com',
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  signups: [
    {
      id: '7c0e7a52-3c1b-4d59-9a57-6b0a0e9c1d66',
      username: 'gina',
      email: 'gina@example.com',
      signupSource: 'google',
      referralCode: null,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
    {
      id: '8d0e7a52-3c1b-4d59-9a57-6b0a0e9c1d77',
      username: 'pete',
      email: 'pete@example.com',
      signupSource: 'password referral:FRIEND1234',
      referralCode: 'FRIEND1234',
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};

describe('AdminLeadsPage', () => {
  it('lists pending applications and recent signups with their source', async () => {
    stubApi({
      'GET /api/admin/leads/applications': jsonResponse(leads.applications),
      'GET /api/admin/leads/signups': jsonResponse(leads.signups),
    });
    renderApp('/admin/leads', { user: adminUser });
    const row = (await screen.findByText('newbie@example.com')).closest('tr')!;
    expect(within(row).getByText('No account yet')).toBeInTheDocument();
    expect(within(row).getByText('rita_ref')).toBeInTheDocument();
    expect(within(screen.getByText('gina').closest('tr')!).getByText('google')).toBeInTheDocument();
    expect(
      within(screen.getByText('pete').closest('tr')!).getByText('password referral:FRIEND1234'),
    ).toBeInTheDocument();
  });

  it('approves after confirming, and shows why the server refused', async () => {
    let refuse = false;
    const fetchMock = stubApi({
      'GET /api/admin/leads/applications': () => jsonResponse(leads.applications),
      'GET /api/admin/leads/signups': () => jsonResponse(leads.signups),
      [`POST /api/admin/leads/${applicationId}/approve`]: () =>
        refuse
          ? jsonResponse({ message: adminTexts.applicantMissing, code: 'REFERRAL_NOT_LINKABLE' }, 409)
          : jsonResponse({ id: applicationId, status: 'linked' }),
    });
    renderApp('/admin/leads', { user: adminUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve this referral?' });
    expect(within(confirm).getByText('newbie@example.com is linked to rita_ref.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await findToast('Referral approved and linked');
    expect(
      callsOf(fetchMock).filter((call) => call.method === 'POST' && call.path.endsWith('/approve')),
    ).toHaveLength(1);

    refuse = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }),
    );
    const toast = await findToast('Application not reviewed');
    expect(within(toast).getByText(adminTexts.applicantMissing)).toBeInTheDocument();
  });

  it('shows an empty queue and a load error with retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/admin/leads/applications': () =>
        fail ? jsonResponse({ message: 'x' }, 500) : jsonResponse([]),
      'GET /api/admin/leads/signups': () => jsonResponse([]),
    });
    renderApp('/admin/leads', { user: adminUser });
    expect(await screen.findByText('Applications could not be loaded')).toBeInTheDocument();
    // Each list stands on its own: the signups still show.
    expect(await screen.findByText('No signups yet.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No applications are waiting for review.')).toBeInTheDocument();
  });

  it('pages each list by its own cursor, and stops where the server sends none', async () => {
    const morePeople = [
      { ...leads.signups[0]!, id: '9e0e7a52-3c1b-4d59-9a57-6b0a0e9c1d88', username: 'older_olga' },
    ];
    const fetchMock = stubApi({
      'GET /api/admin/leads/applications': jsonResponse(leads.applications),
      'GET /api/admin/leads/signups': (call) =>
        call.path.includes('cursor=')
          ? jsonResponse(morePeople)
          : Response.json(leads.signups, { headers: { 'X-Next-Cursor': 'c2lnbnVwcw' } }),
    });
    renderApp('/admin/leads', { user: adminUser });
    await screen.findByText('gina');
    expect(screen.queryByRole('button', { name: 'Load more applications' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more signups' }));
    expect(await screen.findByText('older_olga')).toBeInTheDocument();
    expect(
      callsOf(fetchMock)
        .map((call) => call.path)
        .filter((path) => path.startsWith('/api/admin/leads/')),
    ).toEqual([
      '/api/admin/leads/applications',
      '/api/admin/leads/signups',
      '/api/admin/leads/signups?cursor=c2lnbnVwcw',
    ]);
  });
});
