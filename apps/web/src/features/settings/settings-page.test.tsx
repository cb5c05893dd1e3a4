import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planComparison } from '@app/shared/plans';
import { defaultUserSettings, type UserSettings } from '@app/shared/settings';
import type { User } from '@app/shared/user';
import { renderApp } from '../../testing/render-app';
import { adminUser, freeUser, proUser, starterUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { getThemePreference } from '../../lib/theme';
import { findToast, resetAuthState, sentBodies } from '../../testing/auth-api-stub';
import { activeSubscription, noSubscription, stubBillingApi } from '../../testing/billing-api-stub';
import type { SubscriptionResponse } from '@app/shared/billing';
import { brandVoiceTexts, defaultBrandVoice } from '@app/shared/brand-voice';
import { emptyTakedownContact, takedownContactTexts } from '@app/shared/takedown-contact';
import { settingsTexts } from './settings-texts';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

function stubSettingsApi({
  settings = defaultUserSettings,
  subscription = noSubscription,
  patch,
}: {
  settings?: UserSettings;
  subscription?: SubscriptionResponse;
  patch?: (body: Partial<UserSettings>) => Response;
} = {}) {
  let saved = settings;
  return stubBillingApi({
    'GET /api/user/settings': () => jsonResponse({ settings: saved }),
    'PATCH /api/user/settings': (call) => {
      const body = JSON.parse(String(call.init.body)) as Partial<UserSettings>;
      if (patch) return patch(body);
      saved = { ...saved, ...body };
      return jsonResponse({ settings: saved });
    },
    'GET /api/subscription': jsonResponse(subscription),
    'GET /api/user/profile': jsonResponse({ profile: testProfile }),
    'GET /api/user/brand-voice': jsonResponse({ voice: { ...defaultBrandVoice, signature: 'Luna' } }),
    'GET /api/user/takedown-contact': jsonResponse({
      contact: { ...emptyTakedownContact, legalName: 'Luna Example' },
    }),
  });
}

const testProfile = {
  username: proUser.username,
  email: proUser.email,
  displayName: null,
  bio: null,
  pendingEmail: null,
  hasPassword: true,
};

async function openSettings(user: User = freeUser) {
  const view = renderApp('/settings', { user });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

const planCard = () =>
  screen.getByRole('heading', { name: 'Subscription and usage' }).closest<HTMLElement>('.rounded-2xl')!;

describe('settings: plan and subscription', () => {
  it('shows a free user the plan badge, no subscription, the comparison rows and upgrade buttons to checkout', async () => {
    stubSettingsApi();
    await openSettings();
    expect(within(planCard()).getByText('Free plan')).toBeInTheDocument();
    expect(await screen.findByText(/No paid subscription/)).toBeInTheDocument();
    expect(within(planCard()).getByText('0 of 1000 calls this month')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Features of the Free, Starter and Pro plans/ });
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rowHeaders).toEqual(planComparison.map((row) => row.label));
    const apiRow = within(table).getByRole('row', { name: /API access/ });
    expect(
      within(apiRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Not included', 'Not included', 'Included']);
    expect(within(table).getByRole('columnheader', { name: /Free/ })).toHaveTextContent('Current plan');
    expect(within(table).getByRole('link', { name: 'Upgrade to Starter' })).toHaveAttribute(
      'href',
      '/checkout?plan=starter',
    );
    expect(within(table).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/checkout?plan=pro',
    );
    expect(screen.getByRole('link', { name: 'Get Pro for $24.99/month' })).toHaveAttribute(
      'href',
      '/checkout?plan=pro',
    );
  });

  it('shows the current subscription with status, amount and next bill date; a subscribed starter switches to Pro instead of a second checkout', async () => {
    stubSettingsApi({ subscription: activeSubscription('starter') });
    await openSettings(starterUser);
    const card = planCard();
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('$13.99 / month')).toBeInTheDocument();
    expect(
      within(card).getByText(
        new Date('2027-03-03T12:00:00.000Z').toLocaleDateString(undefined, {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        }),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to|Get (Starter|Pro)/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Switch to Pro' })).toBeInTheDocument();
  });

  it('warns about an overdue payment', async () => {
    stubSettingsApi({ subscription: activeSubscription('pro', { status: 'past_due' }) });
    await openSettings(proUser);
    expect(await within(planCard()).findByText('Payment overdue')).toBeInTheDocument();
    expect(within(planCard()).getByText(/Stripe is retrying your card/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to/ })).not.toBeInTheDocument();
  });

  it('shows admins the admin badge and no upgrade button', async () => {
    stubSettingsApi();
    await openSettings(adminUser);
    expect(within(planCard()).getByText('Admin')).toBeInTheDocument();
    await screen.findByText(/No paid subscription/);
    expect(screen.queryByRole('link', { name: /Upgrade to|Get (Starter|Pro)/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Current plan')).not.toBeInTheDocument();
  });

  it('offers a retry when the subscription cannot be loaded', async () => {
    let answers = 0;
    stubBillingApi({
      'GET /api/user/settings': jsonResponse({ settings: defaultUserSettings }),
      'GET /api/subscription': () => (++answers === 1 ? jsonResponse({}, 500) : jsonResponse(noSubscription)),
    });
    await openSettings();
    expect(await within(planCard()).findByText(/Your subscription could not be loaded/)).toBeInTheDocument();
    await userEvent.click(within(planCard()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No paid subscription/)).toBeInTheDocument();
  });
});

describe('settings: preferences and notifications', () => {
  it("sends only the changed fields with 'Save Settings', toasts, and keeps them", async () => {
    const fetchMock = stubSettingsApi();
    await openSettings();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    const save = within(form).getByRole('button', { name: settingsTexts.save });
    expect(save).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Email updates' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await userEvent.click(within(form).getByRole('radio', { name: 'Dark' }));
    await userEvent.selectOptions(within(form).getByLabelText('Default platform'), 'instagram');
    await userEvent.click(within(form).getByRole('switch', { name: 'Email updates' }));
    expect(within(form).getByText(settingsTexts.unsaved)).toBeInTheDocument();
    await userEvent.click(save);

    expect(await findToast(settingsTexts.saved)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH', '/api/user/settings')).toEqual([
      { theme: 'dark', emailUpdates: false, defaultPlatform: 'instagram' },
    ]);
    await waitFor(() => expect(within(form).getByText(settingsTexts.upToDate)).toBeInTheDocument());
    expect(save).toBeDisabled();
    expect(within(form).getByRole('switch', { name: 'Email updates' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(getThemePreference()).toBe('dark');
  });

  it('shows the saved settings on load', async () => {
    stubSettingsApi({
      settings: {
        theme: 'dark',
        notifications: false,
        emailUpdates: true,
        autoSave: false,
        defaultPlatform: 'twitter',
        usageAnalytics: true,
        watermarkText: null,
      },
    });
    await openSettings();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    expect(within(form).getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(within(form).getByLabelText('Default platform')).toHaveValue('twitter');
    expect(within(form).getByRole('switch', { name: 'In-app notifications' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(form).getByRole('switch', { name: 'Auto-save' })).toHaveAttribute('aria-checked', 'false');
  });

  it("toasts 'Settings not saved' with the server's reason and keeps the unsaved change", async () => {
    stubSettingsApi({
      patch: () => jsonResponse({ message: 'Default platform must be reddit, twitter or instagram' }, 400),
    });
    await openSettings();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    await userEvent.click(within(form).getByRole('switch', { name: 'Auto-save' }));
    await userEvent.click(within(form).getByRole('button', { name: settingsTexts.save }));
    const toast = await findToast(settingsTexts.saveFailed);
    expect(toast).toHaveTextContent('Default platform must be reddit, twitter or instagram');
    expect(within(form).getByRole('switch', { name: 'Auto-save' })).toHaveAttribute('aria-checked', 'false');
    expect(within(form).getByRole('button', { name: settingsTexts.save })).toBeEnabled();
  });

  it('discards unsaved changes on request', async () => {
    stubSettingsApi();
    await openSettings();
    const form = await screen.findByRole('form', { name: 'Preferences' });
    await userEvent.click(within(form).getByRole('switch', { name: 'Auto-save' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Discard changes' }));
    expect(within(form).getByRole('switch', { name: 'Auto-save' })).toHaveAttribute('aria-checked', 'true');
    expect(within(form).getByRole('button', { name: settingsTexts.save })).toBeDisabled();
  });

  it('explains a settings load failure and tries again', async () => {
    let answers = 0;
    stubBillingApi({
      'GET /api/user/settings': () =>
        ++answers === 1
          ? Promise.reject(new TypeError('offline'))
          : jsonResponse({ settings: defaultUserSettings }),
      'GET /api/subscription': jsonResponse(noSubscription),
      'GET /api/user/profile': jsonResponse({ profile: testProfile }),
      'GET /api/user/brand-voice': jsonResponse({ voice: defaultBrandVoice }),
      'GET /api/user/takedown-contact': jsonResponse({ contact: emptyTakedownContact }),
    });
    await openSettings();
    expect(await screen.findByRole('heading', { name: settingsTexts.loadFailed })).toBeInTheDocument();
    expect(screen.getByText('Please check your internet connection and try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Preferences' })).toBeInTheDocument();
  });

  it('has a Brand voice card with the saved voice, linked from the section list', async () => {
    stubSettingsApi();
    await openSettings();
    const form = await screen.findByRole('form', { name: brandVoiceTexts.title });
    expect(within(form).getByLabelText(brandVoiceTexts.signature)).toHaveValue('Luna');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Brand voice' })).toHaveAttribute('href', '#brand-voice');
    expect(form.closest('#brand-voice')).not.toBeNull();
  });

  it('has a Takedown contact details card with the saved details, linked from the section list', async () => {
    stubSettingsApi();
    await openSettings();
    const form = await screen.findByRole('form', { name: takedownContactTexts.title });
    expect(within(form).getByLabelText(takedownContactTexts.legalName)).toHaveValue('Luna Example');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: takedownContactTexts.title })).toHaveAttribute(
      'href',
      '#takedown-contact',
    );
    expect(form.closest('#takedown-contact')).not.toBeNull();
  });

  it('shows the profile it is signed in with', async () => {
    stubSettingsApi();
    await openSettings(proUser);
    const profile = await screen.findByRole('form', { name: 'Profile' });
    expect(screen.getByRole('heading', { name: 'Profile' }).closest('.rounded-2xl')).toHaveTextContent(
      `Signed in as ${proUser.username}`,
    );
    expect(within(profile).getByLabelText('Email')).toHaveValue(proUser.email);
  });
});
