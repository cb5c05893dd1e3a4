import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiTexts } from '@app/shared/ai';
import { renderApp } from '../../testing/render-app';
import { freeUser, proUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import { deferred } from '../../testing/media-page-helpers';
import { makeQuota, makeResponse, makeResult } from './testing/ai-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

type Answers = Parameters<typeof stubApi>[0];

function stubAiApi(extra: Answers = {}, quota = makeQuota()) {
  return stubApi({
    'GET /api/ai/quota': () => jsonResponse(quota),
    'POST /api/ai/generate': () => jsonResponse(makeResponse()),
    // The saved list under the generator (tested in ai-saved-content.test.tsx).
    'GET /api/saved-content': () => jsonResponse([]),
    ...extra,
  });
}

async function openGenerator(user: typeof freeUser | null = freeUser) {
  renderApp('/caption-generator', { user });
  await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
}

const platform = (name: string) => screen.getByRole('checkbox', { name });
const generateButton = () => screen.getByRole('button', { name: /^Generat/ });

const twoPlatforms = makeResponse({
  content: [
    makeResult({ variant: 1 }),
    makeResult({ variant: 2, titles: ['Sunset mood, no filter'], confidence: 0.64 }),
    makeResult({
      platform: 'instagram',
      variant: 1,
      titles: ['Golden hour glow'],
      body: 'Soft light, loud dress.',
      hashtags: ['goldenhour', 'reddress'],
      photoInstructions: 'Face the sun for a warm glow.',
      confidence: 0.9,
    }),
    makeResult({
      platform: 'instagram',
      variant: 2,
      titles: ['Balcony vibes'],
      body: 'Light it up.',
      hashtags: ['balcony'],
    }),
  ],
});

describe('caption generator', () => {
  it('offers prompt, the four platforms, the six styles and 1, 2, 3 or 5 variants, with the quota left', async () => {
    stubAiApi();
    await openGenerator();
    expect(screen.getByLabelText('Prompt')).toHaveValue('');
    const platforms = within(screen.getByRole('group', { name: /Platforms/ })).getAllByRole('checkbox');
    expect(platforms.map((box) => box.getAttribute('value'))).toEqual([
      'reddit',
      'twitter',
      'instagram',
      'tiktok',
    ]);
    expect(platform('Reddit')).toBeChecked();
    const styles = within(screen.getByRole('group', { name: /Style/ })).getAllByRole('checkbox');
    expect(styles.map((box) => box.getAttribute('value'))).toEqual([
      'authentic',
      'playful',
      'confident',
      'mysterious',
      'bold',
      'sassy',
    ]);
    const variants = within(screen.getByRole('group', { name: 'Variants per platform' })).getAllByRole(
      'radio',
    );
    expect(variants.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '5']);
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    const quota = await screen.findByRole('status', { name: 'Daily AI generations' });
    expect(quota).toHaveTextContent('3 of 5 generations left today');
    expect(quota).toHaveTextContent(/Resets in 5 h/);
    expect(within(quota).getByRole('link', { name: 'Upgrade for 50 a day or unlimited' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('asks to select platforms or add a prompt when both are empty, and sends nothing', async () => {
    const fetchMock = stubAiApi();
    const user = userEvent.setup();
    await openGenerator();
    await user.click(platform('Reddit'));
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(aiTexts.selectPlatformsOrPrompt);
    expect(platform('Reddit')).toHaveFocus();
    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([]);

    await user.click(platform('TikTok'));
    expect(screen.queryByText(aiTexts.selectPlatformsOrPrompt)).not.toBeInTheDocument();
  });

  it('sends a prompt without platforms (the server writes it for Reddit)', async () => {
    const fetchMock = stubAiApi();
    const user = userEvent.setup();
    await openGenerator();
    await user.click(platform('Reddit'));
    await user.type(screen.getByLabelText('Prompt'), 'Beach day');
    await user.click(generateButton());
    await screen.findByRole('heading', { name: 'Your captions' });
    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([
      { prompt: 'Beach day', platforms: [], styleHints: [], variants: 3 },
    ]);
  });

  it('generates with every choice, shows a busy button, then results per platform and the quota left', async () => {
    const answer = deferred<Response>();
    const fetchMock = stubAiApi({ 'POST /api/ai/generate': () => answer.promise });
    const user = userEvent.setup();
    await openGenerator();
    await user.type(screen.getByLabelText('Prompt'), '  Golden-hour selfie, red dress ');
    await user.click(platform('Instagram'));
    await user.type(screen.getByLabelText('Subreddit (optional)'), 'r/SelfieHour');
    await user.click(screen.getByRole('checkbox', { name: 'Sassy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Playful' }));
    await user.click(screen.getByRole('radio', { name: '2' }));
    await user.click(generateButton());

    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveTextContent('Generating...');
    expect(screen.getByText(/Writing your captions/)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([
      {
        prompt: 'Golden-hour selfie, red dress',
        platforms: ['reddit', 'instagram'],
        styleHints: ['playful', 'sassy'],
        variants: 2,
        subreddit: 'r/SelfieHour',
      },
    ]);

    answer.resolve(jsonResponse(twoPlatforms));
    const heading = await screen.findByRole('heading', { name: 'Your captions' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(generateButton()).toBeEnabled();
    expect(screen.getByText('4 results')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Reddit', 'Instagram']);

    const reddit = screen.getByRole('list', { name: 'Reddit results' });
    const first = within(reddit).getByRole('article', {
      name: 'Variant 1: Golden hour hits different on the balcony',
    });
    expect(first).toHaveTextContent('82% confidence');
    expect(first).toHaveTextContent('Caught the last light today');
    expect(first).toHaveTextContent('Red dress, warm light, zero filters.');
    expect(first).toHaveTextContent('Photo idea: Shoot at eye level with the sun behind you.');
    expect(
      within(reddit).getByRole('article', { name: 'Variant 2: Sunset mood, no filter' }),
    ).toHaveTextContent('64% confidence');

    await user.click(screen.getByRole('tab', { name: 'Instagram' }));
    const instagram = screen.getByRole('list', { name: 'Instagram results' });
    const post = within(instagram).getByRole('article', { name: 'Variant 1: Golden hour glow' });
    expect(post).toHaveTextContent('Soft light, loud dress. #goldenhour #reddress');
    expect(post).toHaveTextContent('90% confidence');

    expect(screen.getByRole('status', { name: 'Daily AI generations' })).toHaveTextContent(
      '2 of 5 generations left today',
    );
    expect(screen.getByRole('link', { name: 'Content History' })).toHaveAttribute('href', '/history');
  });

  it('copies titles, captions and hashtags, and says Copy failed when the browser refuses', async () => {
    stubAiApi({ 'POST /api/ai/generate': () => jsonResponse(twoPlatforms) });
    const user = userEvent.setup();
    await openGenerator();
    await user.click(platform('Instagram'));
    await user.click(generateButton());
    await screen.findByRole('heading', { name: 'Your captions' });

    await user.click(screen.getByRole('button', { name: 'Copy title of variant 1' }));
    expect(await navigator.clipboard.readText()).toBe('Golden hour hits different on the balcony');
    expect(screen.getByRole('button', { name: 'Copied: Copy title of variant 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Instagram' }));
    await user.click(screen.getByRole('button', { name: 'Copy caption of variant 1' }));
    expect(await navigator.clipboard.readText()).toBe('Soft light, loud dress.\n\n#goldenhour #reddress');
    await user.click(screen.getByRole('button', { name: 'Copy hashtags of variant 2' }));
    expect(await navigator.clipboard.readText()).toBe('#balcony');
    await user.click(screen.getByRole('button', { name: 'Copy title and caption of variant 2' }));
    expect(await navigator.clipboard.readText()).toBe('Balcony vibes\n\nLight it up.\n\n#balcony');

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(screen.getByRole('button', { name: 'Copy caption of variant 2' }));
    expect(await findToast('Copy failed')).toHaveTextContent('Select the text and copy it');
  });

  it("says 'Generation failed' with what to do, and tries again", async () => {
    let fail = true;
    stubAiApi({
      'POST /api/ai/generate': () =>
        fail ? jsonResponse({ message: 'boom' }, 502) : jsonResponse(makeResponse()),
    });
    const user = userEvent.setup();
    await openGenerator();
    await user.click(generateButton());
    expect(await findToast(aiTexts.generationFailed)).toHaveTextContent(
      'Server error occurred. Please try again in a few moments.',
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(aiTexts.generationFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your captions' })).toBeInTheDocument();
  });

  it('shows the server message when the daily quota is used up and stops offering Generate', async () => {
    const quota = makeQuota();
    const message = aiTexts.quotaExceeded('free', 5, 3 * 3_600_000);
    stubAiApi(
      {
        'GET /api/ai/quota': () => jsonResponse(quota),
        'POST /api/ai/generate': () => {
          Object.assign(quota, { used: 5, remaining: 0 });
          return jsonResponse({ message, code: 'AI_QUOTA_EXCEEDED' }, 429);
        },
      },
      quota,
    );
    const user = userEvent.setup();
    await openGenerator();
    await user.click(generateButton());
    expect(await findToast(aiTexts.generationFailed)).toHaveTextContent(message);
    const status = screen.getByRole('status', { name: 'Daily AI generations' });
    await waitFor(() => expect(status).toHaveTextContent('No generations left today'));
    expect(status).toHaveTextContent(/You have used all 5 for today\. More in \d h/);
    expect(generateButton()).toBeDisabled();
    expect(
      within(screen.getByRole('alert')).queryByRole('button', { name: 'Try again' }),
    ).not.toBeInTheDocument();
  });

  it('points out a subreddit that cannot exist instead of sending it', async () => {
    const fetchMock = stubAiApi();
    const user = userEvent.setup();
    await openGenerator();
    await user.type(screen.getByLabelText('Subreddit (optional)'), 'no spaces allowed');
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a community name such as r/selfie');
    expect(screen.getByLabelText('Subreddit (optional)')).toHaveFocus();
    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([]);
  });

  it('tells visitors their free allowance and that results are not kept', async () => {
    stubAiApi(
      {
        'POST /api/ai/generate': () =>
          jsonResponse(makeResponse({ content: [makeResult({ generationId: null })] })),
      },
      makeQuota({ plan: 'visitor', limit: 3, used: 0, remaining: 3 }),
    );
    const user = userEvent.setup();
    await openGenerator(null);
    const quota = await screen.findByRole('status', { name: 'Daily AI generations' });
    expect(quota).toHaveTextContent('3 of 3 free generations left today');
    expect(within(quota).getByRole('link', { name: 'Sign up free for 5 a day' })).toHaveAttribute(
      'href',
      '/signup',
    );
    await user.click(generateButton());
    await screen.findByRole('heading', { name: 'Your captions' });
    expect(screen.getByText(/These are not kept/)).toBeInTheDocument();
  });

  it('shows Pro users an unlimited allowance, and says when a result was served again', async () => {
    stubAiApi(
      {
        'POST /api/ai/generate': () =>
          jsonResponse(
            makeResponse({ cached: true, quota: makeQuota({ plan: 'pro', limit: null, remaining: null }) }),
          ),
      },
      makeQuota({ plan: 'pro', limit: null, remaining: null, used: 12 }),
    );
    const user = userEvent.setup();
    await openGenerator(proUser);
    expect(await screen.findByRole('status', { name: 'Daily AI generations' })).toHaveTextContent(
      'Unlimited generations',
    );
    await user.click(generateButton());
    expect(await screen.findByText(/shown again without using your quota/)).toBeInTheDocument();
  });
});

describe('caption generator across visits', () => {
  it('keeps the last platforms, styles and variants, and clears a failure toast once a retry works', async () => {
    let fail = true;
    stubAiApi({
      'POST /api/ai/generate': () =>
        fail ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(makeResponse()),
    });
    const user = userEvent.setup();
    const first = renderApp('/caption-generator', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
    await user.click(platform('TikTok'));
    await user.click(screen.getByRole('checkbox', { name: 'Bold' }));
    await user.click(screen.getByRole('radio', { name: '5' }));
    await user.type(screen.getByLabelText('Prompt'), 'Gym selfie');
    await user.click(generateButton());
    expect(await findToast(aiTexts.generationFailed)).toBeInTheDocument();
    fail = false;
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Your captions' });
    await waitFor(() =>
      expect(
        screen.queryByText(aiTexts.generationFailed, { selector: '[data-title]' }),
      ).not.toBeInTheDocument(),
    );
    first.unmount();

    renderApp('/caption-generator', { user: freeUser });
    await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
    expect(platform('Reddit')).toBeChecked();
    expect(platform('TikTok')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bold' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '5' })).toBeChecked();
    expect(screen.getByLabelText('Prompt')).toHaveValue('');
  });
});
