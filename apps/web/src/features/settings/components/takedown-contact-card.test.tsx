import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emptyTakedownContact,
  takedownContactTexts as texts,
  updateTakedownContactSchema,
  type TakedownContact,
} from '@app/shared/takedown-contact';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { findToast, resetAuthState } from '../../../testing/auth-api-stub';
import { callsOf, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { createQueryClient } from '../../../lib/query-client';
import { TakedownContactCard } from './takedown-contact-card';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

/** The card against an in-memory /api/user/takedown-contact that tidies a PUT the way the API does. */
function renderCard(saved: TakedownContact = emptyTakedownContact) {
  let stored = saved;
  const fetchMock = stubFetch(({ path, method, init }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'token' });
    if (path === '/api/user/takedown-contact' && method === 'GET') return jsonResponse({ contact: stored });
    if (path === '/api/user/takedown-contact' && method === 'PUT') {
      stored = updateTakedownContactSchema.parse(JSON.parse(String(init.body)));
      return jsonResponse({ contact: stored });
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <TakedownContactCard />
    </AppProviders>,
  );
  const puts = () =>
    callsOf(fetchMock)
      .filter((call) => call.method === 'PUT')
      .map((call) => JSON.parse(String(call.init.body)) as unknown);
  return { puts };
}

describe('Takedown contact details card', () => {
  it('says who may see the details, and saves them tidied', async () => {
    const { puts } = renderCard();
    expect(await screen.findByRole('note')).toHaveTextContent(texts.privacyNote);
    await userEvent.type(await screen.findByLabelText(texts.legalName), 'Sunny Example');
    await userEvent.type(screen.getByLabelText(texts.email), 'sunny@example.com');
    await userEvent.type(screen.getByLabelText(texts.postalAddress), 'PO Box 12{Enter}Sunnyvale');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    await findToast(texts.saved);
    expect(puts()).toEqual([
      expect.objectContaining({
        legalName: 'Sunny Example',
        email: 'sunny@example.com',
        postalAddress: 'PO Box 12\nSunnyvale',
      }),
    ]);
    expect(screen.getByLabelText(texts.legalName)).toHaveValue('Sunny Example');
  });

  it('shows a bad e-mail address at its field, focused, and sends nothing', async () => {
    const { puts } = renderCard({ ...emptyTakedownContact, legalName: 'Sunny Example' });
    expect(await screen.findByLabelText(texts.legalName)).toHaveValue('Sunny Example');
    await userEvent.type(screen.getByLabelText(texts.email), 'sunny at example');
    await userEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(
      await screen.findByText(texts.messages.emailInvalid, { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(texts.email)).toHaveFocus();
    expect(puts()).toEqual([]);
  });
});
