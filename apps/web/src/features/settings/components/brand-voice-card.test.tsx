import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  brandVoiceTexts,
  defaultBrandVoice,
  updateBrandVoiceSchema,
  type BrandVoiceSettings,
} from '@app/shared/brand-voice';
import { AppProviders } from '../../../testing/providers';
import '../../../testing/dom-polyfills';
import { findToast, resetAuthState } from '../../../testing/auth-api-stub';
import { callsOf, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { createQueryClient } from '../../../lib/query-client';
import { BrandVoiceCard } from './brand-voice-card';
import { splitEmojis } from './use-brand-voice-form';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const texts = brandVoiceTexts;

/** The card against an in-memory /api/user/brand-voice that cleans a PUT the way the API does. */
function renderCard(
  options: { saved?: BrandVoiceSettings; refuse?: { message: string; field: string } } = {},
) {
  let saved = options.saved ?? defaultBrandVoice;
  const fetchMock = stubFetch(({ path, method, init }) => {
    if (path === '/api/csrf-token') return jsonResponse({ csrfToken: 'token' });
    if (path === '/api/user/brand-voice' && method === 'GET') return jsonResponse({ voice: saved });
    if (path === '/api/user/brand-voice' && method === 'PUT') {
      if (options.refuse) return jsonResponse({ ...options.refuse, code: 'VALIDATION_ERROR' }, 400);
      saved = updateBrandVoiceSchema.parse(JSON.parse(String(init.body)));
      return jsonResponse({ voice: saved });
    }
    throw new Error(`unexpected call ${method} ${path}`);
  });
  render(
    <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
      <BrandVoiceCard />
    </AppProviders>,
  );
  const puts = () =>
    callsOf(fetchMock)
      .filter((call) => call.method === 'PUT')
      .map((call) => ({
        body: JSON.parse(String(call.init.body)) as unknown,
        csrf: call.headers.get('x-csrf-token'),
      }));
  return { puts };
}

describe('Brand voice card', () => {
  it('shows the saved voice in labelled fields, with the hint on the promo link', async () => {
    renderCard({
      saved: {
        ...defaultBrandVoice,
        signature: 'Luna',
        promoLink: '@lunafox',
        useWords: ['babe', 'xoxo'],
        useEmojis: ['🦊', '✨'],
        emojiLevel: 'low',
        samples: ['Morning, babes ✨'],
      },
    });
    const form = await screen.findByRole('form', { name: texts.title });
    expect(within(form).getByLabelText(texts.signature)).toHaveValue('Luna');
    const promo = within(form).getByLabelText(texts.promoLink);
    expect(promo).toHaveValue('@lunafox');
    expect(promo).toHaveAccessibleDescription(texts.promoLinkHint);
    expect(within(form).getByLabelText(texts.useWords)).toHaveValue('babe, xoxo');
    expect(within(form).getByLabelText(texts.useEmojis)).toHaveValue('🦊 ✨');
    const level = within(form).getByRole('group', { name: texts.emojiLevel });
    expect(
      within(level)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['None', 'A few', 'Some', 'Lots']);
    expect(within(level).getByRole('radio', { name: 'A few' })).toBeChecked();
    expect(within(form).getByLabelText('Sample caption 1')).toHaveValue('Morning, babes ✨');
    // Nothing changed yet: nothing to save.
    expect(within(form).getByRole('button', { name: texts.save })).toBeDisabled();
  });

  it('saves the whole voice with the CSRF token, and shows what the server kept', async () => {
    const user = userEvent.setup();
    const { puts } = renderCard();
    const form = await screen.findByRole('form', { name: texts.title });
    // Pasted rather than typed key by key: emojis typed one by one make this test slow.
    const fill = async (label: string, text: string) => {
      await user.click(within(form).getByLabelText(label));
      await user.paste(text);
    };
    await fill(texts.signature, 'Luna');
    await fill(texts.promoLink, 'onlyfans.com/luna');
    await fill(texts.useWords, 'babe,  xoxo , Babe');
    await fill(texts.avoidWords, 'cheap');
    await fill(texts.useEmojis, '🦊✨, 🔥');
    await fill(texts.avoidEmojis, '🍆');
    await user.click(within(form).getByRole('radio', { name: 'Lots' }));
    await fill('Sample caption 1', 'Told you I would be back, babe');
    await user.click(within(form).getByRole('button', { name: texts.addSample }));
    await fill('Sample caption 2', 'Sunday light is the best light');
    await user.click(within(form).getByRole('button', { name: texts.addSample }));
    await user.click(within(form).getByRole('button', { name: texts.save }));

    expect(await findToast(texts.saved)).toHaveTextContent(texts.savedText);
    expect(puts()).toEqual([
      {
        csrf: 'token',
        body: {
          signature: 'Luna',
          promoLink: 'onlyfans.com/luna',
          useWords: ['babe', 'xoxo'],
          avoidWords: ['cheap'],
          useEmojis: ['🦊', '✨', '🔥'],
          avoidEmojis: ['🍆'],
          emojiLevel: 'high',
          samples: ['Told you I would be back, babe', 'Sunday light is the best light'],
        },
      },
    ]);
    // The repeat is gone from the field, and the blank third sample box with it.
    await waitFor(() => expect(within(form).getByLabelText(texts.useWords)).toHaveValue('babe, xoxo'));
    expect(within(form).queryByLabelText('Sample caption 3')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: texts.save })).toBeDisabled();
  });

  it('removes a sample, and offers no sixth', async () => {
    const user = userEvent.setup();
    const { puts } = renderCard({
      saved: { ...defaultBrandVoice, samples: ['one', 'two', 'three', 'four', 'five'] },
    });
    const form = await screen.findByRole('form', { name: texts.title });
    expect(within(form).queryByRole('button', { name: texts.addSample })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: texts.removeSample(2) }));
    expect(within(form).getByLabelText('Sample caption 2')).toHaveValue('three');
    await user.click(within(form).getByRole('button', { name: texts.save }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ samples: ['one', 'three', 'four', 'five'] });
  });

  it('shows a check failure at its field without sending anything', async () => {
    const user = userEvent.setup();
    const { puts } = renderCard();
    const form = await screen.findByRole('form', { name: texts.title });
    await user.type(within(form).getByLabelText(texts.promoLink), 'my onlyfans');
    await user.click(within(form).getByRole('button', { name: texts.save }));
    const promo = within(form).getByLabelText(texts.promoLink);
    await waitFor(() => expect(promo).toHaveAttribute('aria-invalid', 'true'));
    expect(promo).toHaveAccessibleDescription(`${texts.messages.promoLinkFormat} ${texts.promoLinkHint}`);
    expect(promo).toHaveFocus();
    expect(puts()).toEqual([]);
  });

  it("shows the server's 400 at the field it names, and a toast saying the voice was not saved", async () => {
    const user = userEvent.setup();
    renderCard({ refuse: { message: `useWords.1: ${texts.messages.wordTooLong}`, field: 'useWords.1' } });
    const form = await screen.findByRole('form', { name: texts.title });
    await user.type(within(form).getByLabelText(texts.useWords), 'babe, honey');
    await user.click(within(form).getByRole('button', { name: texts.save }));

    expect(await findToast(texts.saveFailed)).toHaveTextContent(texts.messages.wordTooLong);
    const words = within(form).getByLabelText(texts.useWords);
    await waitFor(() => expect(words).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByRole('alert')).toHaveTextContent(texts.messages.wordTooLong);
    expect(words).toHaveFocus();
  });

  it('says so when the voice cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(({ path }) => {
      if (path === '/api/user/brand-voice')
        return fail ? jsonResponse({ message: 'Down' }, 500) : jsonResponse({ voice: defaultBrandVoice });
      throw new Error(`unexpected call ${path}`);
    });
    render(
      <AppProviders queryClient={createQueryClient({ onSessionLost: () => undefined })}>
        <BrandVoiceCard />
      </AppProviders>,
    );
    expect(await screen.findByText(texts.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: texts.title })).toBeInTheDocument();
  });
});

describe('emoji fields', () => {
  it('take emojis separated by spaces, commas or nothing, and keep a word whole so the check names it', () => {
    expect(splitEmojis('🔥 💋,✨🦊  ❤️‍🔥')).toEqual(['🔥', '💋', '✨', '🦊', '❤️‍🔥']);
    expect(splitEmojis('fire 🔥')).toEqual(['fire', '🔥']);
    expect(splitEmojis('  ')).toEqual([]);
  });
});
