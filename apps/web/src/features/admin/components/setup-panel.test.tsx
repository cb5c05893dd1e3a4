import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SetupService } from '@app/shared/admin-setup';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse } from '../../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../../testing/auth-api-stub';
import { SetupPanel } from './setup-panel';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const service = (overrides: Partial<SetupService>): SetupService => ({
  id: 'smtp',
  name: 'E-mail (SMTP)',
  state: 'configured',
  summary: 'Configured: writing mail to files, not sending (.eml files in /data/outbox).',
  lastError: null,
  steps: ['Set SMTP_URL to your mail server.', 'Restart the server so it reads the new variables.'],
  docs: 'README.md#configuration',
  ...overrides,
});

const services: SetupService[] = [
  service({
    id: 'reddit-posting',
    name: 'Reddit posting',
    state: 'not-configured',
    summary: 'Posting to Reddit is off: no Reddit app credentials.',
    steps: ['Choose the app type "web app".', 'Set REDDIT_POSTING_CLIENT_ID.'],
  }),
  service({
    id: 'stripe',
    name: 'Stripe payments',
    state: 'failing',
    summary: 'Card payments are on.',
    lastError: { at: '2026-11-24T10:00:00.000Z', message: 'Stripe could not be reached (customerFor).' },
  }),
  service({}),
];

const renderPanel = () =>
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <SetupPanel />
    </AppProviders>,
  );

describe('SetupPanel', () => {
  it('shows each service with its state in words, summary, last error, numbered steps and docs', async () => {
    stubApi({ 'GET /api/admin/setup': () => jsonResponse({ services }) });
    renderPanel();
    const posting = await screen.findByRole('listitem', { name: 'Reddit posting' });
    expect(within(posting).getByText('Not configured')).toBeInTheDocument();
    expect(
      within(posting).getByText('Posting to Reddit is off: no Reddit app credentials.'),
    ).toBeInTheDocument();
    const steps = within(posting).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Choose the app type "web app".',
      'Set REDDIT_POSTING_CLIENT_ID.',
    ]);
    expect(within(posting).getByRole('list').tagName).toBe('OL');
    expect(within(posting).getByText('README.md#configuration')).toBeInTheDocument();

    const stripe = screen.getByRole('listitem', { name: 'Stripe payments' });
    expect(within(stripe).getByText('Failing')).toBeInTheDocument();
    expect(within(stripe).getByText(/Stripe could not be reached \(customerFor\)\./)).toBeInTheDocument();
    expect(
      within(stripe)
        .getByText(/Last error/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2026-11-24T10:00:00.000Z');

    const mail = screen.getByRole('listitem', { name: 'E-mail (SMTP)' });
    expect(within(mail).getByText('Configured')).toBeInTheDocument();
    expect(within(mail).queryByText(/Last error/)).not.toBeInTheDocument();
  });

  it('says so when the setup cannot be loaded', async () => {
    stubApi({ 'GET /api/admin/setup': () => jsonResponse({ message: 'Insufficient permissions' }, 403) });
    renderPanel();
    expect(await screen.findByText('The setup could not be loaded')).toBeInTheDocument();
  });
});
