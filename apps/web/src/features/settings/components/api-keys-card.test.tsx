import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '@app/shared/account';
import { apiKeyTexts, type ApiKey, type ApiUsage } from '@app/shared/api-keys';
import { defaultUserSettings } from '@app/shared/settings';
import type { User } from '@app/shared/user';
import { renderApp } from '../../../testing/render-app';
import { adminUser, freeUser, proUser, starterUser } from '../../../testing/users';
import { callsOf, jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies } from '../../../testing/auth-api-stub';
import type { SubscriptionResponse } from '@app/shared/billing';
import { noSubscription, stubBillingApi } from '../../../testing/billing-api-stub';
import { newKeyTexts } from './api-keys-card-dialog';
import { apiKeysCardTexts } from './api-keys-card';

// The settings route loads lazily; on a busy machine its first render alone can pass the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const secret = 'cs_live_ab12cd34EFGH5678ijklMNOPqrstUVWXyz0123456789_-';
const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '3f0e7a52-3c1b-4d59-9a57-6b0a0e9c1d11',
  name: 'Zapier',
  displayPrefix: 'cs_live_ab12cd34…',
  createdAt: '2027-03-02T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});
const proWithoutSubscription: SubscriptionResponse = { subscription: null, tier: 'pro' };
const usage: ApiUsage = { used: 250, limit: 1000, resetsAt: '2027-04-01T00:00:00.000Z' };

type Answer = (call: FetchCall) => Response | Promise<Response>;

/** The settings page's calls plus an in-memory key store behind the four key routes. */
function stubKeysApi(
  options: {
    keys?: ApiKey[];
    list?: Answer;
    create?: Answer;
    revoke?: Answer;
    usage?: Answer;
    subscription?: SubscriptionResponse;
  } = {},
) {
  let keys = options.keys ?? [];
  return stubBillingApi({
    'GET /api/user/settings': jsonResponse({ settings: defaultUserSettings }),
    // The server's tier wins over the session's in Subscription and usage.
    'GET /api/subscription': jsonResponse(options.subscription ?? proWithoutSubscription),
    'GET /api/user/profile': jsonResponse({
      profile: {
        username: 'proqueen',
        email: 'pro@example.com',
        displayName: null,
        bio: null,
        pendingEmail: null,
        hasPassword: true,
      },
    }),
    'GET /api/api-keys': options.list ?? (() => jsonResponse({ keys })),
    'GET /api/api-keys/usage': options.usage ?? (() => jsonResponse(usage)),
    'POST /api/api-keys':
      options.create ??
      ((call) => {
        const { name } = JSON.parse(String(call.init.body)) as { name: string };
        const created = key({ name });
        keys = [created, ...keys];
        return jsonResponse({ key: created, secret }, 201);
      }),
    [`DELETE /api/api-keys/${key().id}`]:
      options.revoke ??
      (() => {
        keys = keys.map((item) => ({ ...item, revokedAt: '2027-03-05T09:00:00.000Z' }));
        return jsonResponse(keys[0]);
      }),
  });
}

async function openCard(user: User = proUser) {
  renderApp('/settings', { user });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return screen.getByRole('heading', { name: apiKeysCardTexts.title }).closest<HTMLElement>('#api')!;
}

const usageBlock = () => screen.getByText('API usage').parentElement!.parentElement!;
const keyPaths = (fetchMock: ReturnType<typeof stubKeysApi>) =>
  callsOf(fetchMock)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/api/api-keys'));

// Whole-page renders with dialogs take a few seconds when the machine is busy.
describe('settings: API access', { timeout: 20_000 }, () => {
  it('creates a named key, shows its secret once with a copy button, then lists only the prefix', async () => {
    const fetchMock = stubKeysApi();
    const user = userEvent.setup();
    const card = await openCard();
    expect(await within(card).findByText(apiKeysCardTexts.empty)).toBeInTheDocument();

    // The shared contract's texts check the name before anything is sent.
    const form = within(card).getByRole('form', { name: 'Create API key' });
    await user.click(within(form).getByRole('button', { name: apiKeysCardTexts.create }));
    expect(within(form).getByText(apiKeyTexts.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(apiKeyTexts.passwordRequired)).toBeInTheDocument();
    await user.click(within(form).getByLabelText(apiKeysCardTexts.nameLabel));
    await user.paste('x'.repeat(61));
    await user.click(within(form).getByRole('button', { name: apiKeysCardTexts.create }));
    expect(within(form).getByText(apiKeyTexts.nameTooLong)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/api-keys')).toEqual([]);

    await user.clear(within(form).getByLabelText(apiKeysCardTexts.nameLabel));
    await user.type(within(form).getByLabelText(apiKeysCardTexts.nameLabel), '  Zapier ');
    await user.type(within(form).getByLabelText(apiKeysCardTexts.passwordLabel), 'Known-pass1');
    await user.click(within(form).getByRole('button', { name: apiKeysCardTexts.create }));

    const dialog = await screen.findByRole('dialog', { name: newKeyTexts.title });
    expect(within(dialog).getByLabelText(newKeyTexts.secretLabel)).toHaveValue(secret);
    expect(within(dialog).getByRole('note')).toHaveTextContent('only time the whole key is shown');
    await user.click(within(dialog).getByRole('button', { name: newKeyTexts.copy }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await findToast('API key created')).toBeInTheDocument();
    const post = callsOf(fetchMock).find((call) => call.method === 'POST' && call.path === '/api/api-keys');
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-test');
    expect(sentBodies(fetchMock, 'POST', '/api/api-keys')).toEqual([
      { name: 'Zapier', currentPassword: 'Known-pass1' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: newKeyTexts.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await within(card).findByRole('list', { name: apiKeysCardTexts.listLabel });
    expect(within(list).getByText('Zapier')).toBeInTheDocument();
    expect(within(list).getByText('cs_live_ab12cd34…')).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(secret);
    expect(within(form).getByLabelText(apiKeysCardTexts.nameLabel)).toHaveValue('');
    expect(within(form).getByLabelText(apiKeysCardTexts.passwordLabel)).toHaveValue('');
  });

  it('shows a wrong password under the password field, keeps the name and opens no dialog', async () => {
    stubKeysApi({
      create: () =>
        jsonResponse(
          { message: accountMessages.wrongPassword, code: 'WRONG_PASSWORD', field: 'currentPassword' },
          403,
        ),
    });
    const user = userEvent.setup();
    const card = await openCard();
    const form = within(card).getByRole('form', { name: 'Create API key' });
    await user.type(within(form).getByLabelText(apiKeysCardTexts.nameLabel), 'CI');
    await user.type(within(form).getByLabelText(apiKeysCardTexts.passwordLabel), 'Wrong-pass1');
    await user.click(within(form).getByRole('button', { name: apiKeysCardTexts.create }));
    const password = within(form).getByLabelText(apiKeysCardTexts.passwordLabel);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByRole('alert')).toHaveTextContent(accountMessages.wrongPassword);
    expect(password).toHaveAccessibleDescription(expect.stringContaining(accountMessages.wrongPassword));
    expect(within(form).getByLabelText(apiKeysCardTexts.nameLabel)).toHaveValue('CI');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says which events revoke keys, next to the form', async () => {
    stubKeysApi();
    const card = await openCard();
    const note = within(card).getByRole('note', { name: apiKeysCardTexts.revokedWhenTitle });
    expect(note).toHaveTextContent(apiKeyTexts.revokedWhen);
  });

  it("toasts the server's reason when a key cannot be created", async () => {
    stubKeysApi({ create: () => jsonResponse({ message: apiKeyTexts.proOnly, code: 'FORBIDDEN' }, 403) });
    const user = userEvent.setup();
    const card = await openCard();
    await user.type(within(card).getByLabelText(apiKeysCardTexts.nameLabel), 'CI');
    await user.type(within(card).getByLabelText(apiKeysCardTexts.passwordLabel), 'Known-pass1');
    await user.click(within(card).getByRole('button', { name: apiKeysCardTexts.create }));
    expect(await findToast('API key not created')).toHaveTextContent(apiKeyTexts.proOnly);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByLabelText(apiKeysCardTexts.nameLabel)).toHaveValue('CI');
  });

  it('revokes a key after the confirm dialog; it stays listed as revoked', async () => {
    const fetchMock = stubKeysApi({ keys: [key({ lastUsedAt: '2027-03-04T08:00:00.000Z' })] });
    const user = userEvent.setup();
    const card = await openCard();
    const list = await within(card).findByRole('list', { name: apiKeysCardTexts.listLabel });
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(within(list).getByText(/Last used/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Revoke Zapier' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke "Zapier"?' });
    expect(callsOf(fetchMock).some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));

    expect(await findToast('API key revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(list).getByText('Revoked')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Revoke Zapier' })).not.toBeInTheDocument();
    const revoke = callsOf(fetchMock).find((call) => call.method === 'DELETE');
    expect(revoke?.path).toBe(`/api/api-keys/${key().id}`);
    expect(revoke?.headers.get('X-CSRF-Token')).toBe('csrf-test');
  });

  it("shows the server's 'not found' when a revoke fails, and keeps the key active", async () => {
    stubKeysApi({
      keys: [key()],
      revoke: () => jsonResponse({ message: apiKeyTexts.notFound, code: 'NOT_FOUND' }, 404),
    });
    const user = userEvent.setup();
    const card = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Revoke Zapier' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }),
    );
    expect(await findToast('API key not revoked')).toHaveTextContent(apiKeyTexts.notFound);
    expect(within(card).getByText('Active')).toBeInTheDocument();
  });

  it('offers a retry when the keys cannot be loaded', async () => {
    let answers = 0;
    stubKeysApi({ list: () => (++answers === 1 ? jsonResponse({}, 500) : jsonResponse({ keys: [key()] })) });
    const user = userEvent.setup();
    const card = await openCard();
    expect(await within(card).findByText(apiKeysCardTexts.loadFailed)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Zapier')).toBeInTheDocument();
  });

  it('links the docs in a new tab and shows a curl example with the Bearer header', async () => {
    stubKeysApi({ subscription: noSubscription });
    const card = await openCard(adminUser);
    const docs = within(card).getByRole('link', { name: /API documentation/ });
    expect(docs).toHaveAttribute('href', '/api/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(card).getByLabelText('Example request with curl')).toHaveTextContent(
      `curl -H "Authorization: Bearer <your key>"`,
    );
  });

  it.each([
    ['free', freeUser],
    ['starter', starterUser],
  ])(
    'explains to a %s user that keys come with Pro, links the upgrade and never calls the key routes',
    async (_, user) => {
      const fetchMock = stubKeysApi({ subscription: noSubscription });
      const card = await openCard(user);
      expect(within(card).getByText(apiKeysCardTexts.notIncluded)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: apiKeysCardTexts.upgrade })).toHaveAttribute(
        'href',
        '/checkout?plan=pro',
      );
      expect(within(card).queryByRole('form', { name: 'Create API key' })).not.toBeInTheDocument();
      // The usage block keeps the spec's placeholder and the Pro note.
      expect(within(usageBlock()).getByText('0 of 1000 calls this month')).toBeInTheDocument();
      expect(within(usageBlock()).getByText('API access comes with the Pro plan.')).toBeInTheDocument();
      expect(within(usageBlock()).queryByRole('progressbar')).not.toBeInTheDocument();
      await screen.findByText(/No paid subscription/);
      await screen.findByRole('form', { name: 'Preferences' });
      expect(keyPaths(fetchMock)).toEqual([]);
    },
  );
});

describe('settings: API usage figure', { timeout: 20_000 }, () => {
  it('shows this month’s calls, a progressbar and the reset date for a Pro user', async () => {
    stubKeysApi();
    await openCard();
    // Only once the subscription has confirmed Pro is the figure final.
    await screen.findByText(/No paid subscription/);
    expect(await within(usageBlock()).findByText('250 of 1000 calls this month')).toBeInTheDocument();
    const bar = within(usageBlock()).getByRole('progressbar', { name: 'API calls used this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '250');
    expect(bar).toHaveAttribute('aria-valuemax', '1000');
    const resets = new Date(usage.resetsAt).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(within(usageBlock()).getByText(new RegExp(`Resets on ${resets}\\.`))).toBeInTheDocument();
    expect(within(usageBlock()).queryByText('0 of 1000 calls this month')).not.toBeInTheDocument();
  });

  it('offers a retry when the usage cannot be read', async () => {
    let answers = 0;
    stubKeysApi({
      subscription: noSubscription,
      usage: () => (++answers === 1 ? jsonResponse({}, 500) : jsonResponse({ ...usage, used: 1000 })),
    });
    const user = userEvent.setup();
    await openCard(adminUser);
    expect(await within(usageBlock()).findByText(/Your API usage could not be loaded/)).toBeInTheDocument();
    await user.click(within(usageBlock()).getByRole('button', { name: 'Try again' }));
    expect(await within(usageBlock()).findByText('1000 of 1000 calls this month')).toBeInTheDocument();
  });
});
