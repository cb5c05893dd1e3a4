import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiTexts, type AiGenerateRequest } from '@app/shared/ai';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { callsOf, jsonResponse } from '../../testing/fetch-stub';
import { findToast, resetAuthState, sentBodies, stubApi } from '../../testing/auth-api-stub';
import { makeAsset } from '../../testing/media-fixtures';
import { makeQuota, makeResponse, makeResult } from './testing/ai-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const photo = makeAsset({ filename: 'red-robe.jpg', tags: ['robe'] });

/** The generator's API, answering a request with a photo as the server would say it used it. */
function stubGenerator(usedAs: 'image' | 'tags', provider: 'offline' | 'openai-compatible') {
  return stubApi({
    'GET /api/ai/quota': () => jsonResponse(makeQuota()),
    'GET /api/saved-content': () => jsonResponse([]),
    'GET /api/media': () => jsonResponse([photo]),
    'POST /api/ai/generate': (call) => {
      const request = JSON.parse(String(call.init.body)) as AiGenerateRequest;
      return jsonResponse(
        makeResponse({
          provider,
          content: [makeResult({ body: request.mediaId ? 'From the photo.' : 'From the prompt.' })],
          photo: request.mediaId ? { mediaId: request.mediaId, usedAs } : null,
        }),
      );
    },
  });
}

async function openGenerator(user: typeof freeUser | null = freeUser) {
  renderApp('/caption-generator', { user });
  await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
}

const generateButton = () => screen.getByRole('button', { name: /^Generat/ });

async function pickPhoto(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Use a gallery photo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Choose a photo' });
  const choices = await within(dialog).findByRole('list', { name: 'Your photos' });
  await user.click(within(choices).getByRole('button', { name: 'red-robe.jpg' }));
}

describe('caption generator with a gallery photo', () => {
  it('sends the picked photo, says the built-in writer used its tags, and leaves it out once removed', async () => {
    const fetchMock = stubGenerator('tags', 'offline');
    const user = userEvent.setup();
    await openGenerator();
    const photoGroup = screen.getByRole('group', { name: /Photo/ });
    expect(
      within(photoGroup).getByRole('button', { name: 'Use a gallery photo' }),
    ).toHaveAccessibleDescription(
      'Write from a photo in your gallery. Its tags help too, so tag your photos.',
    );

    await pickPhoto(user);
    expect(within(photoGroup).getByText('red-robe.jpg')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Prompt'), 'lazy sunday');
    await user.click(generateButton());
    await screen.findByRole('heading', { name: 'Your captions' });
    expect(
      screen.getByText(
        'Written from your prompt and the photo’s tags: the built-in writer does not look at photos.',
      ),
    ).toBeInTheDocument();

    await user.click(within(photoGroup).getByRole('button', { name: 'Remove the photo' }));
    expect(within(photoGroup).getByRole('button', { name: 'Use a gallery photo' })).toBeInTheDocument();
    await user.click(generateButton());
    expect(await screen.findByText('From the prompt.')).toBeInTheDocument();
    expect(screen.queryByText(aiTexts.photoFromText)).not.toBeInTheDocument();

    expect(sentBodies(fetchMock, 'POST', '/api/ai/generate')).toEqual([
      { prompt: 'lazy sunday', platforms: ['reddit'], styleHints: [], variants: 3, mediaId: photo.id },
      { prompt: 'lazy sunday', platforms: ['reddit'], styleHints: [], variants: 3 },
    ]);
  });

  it('says when the AI looked at the photo itself', async () => {
    stubGenerator('image', 'openai-compatible');
    const user = userEvent.setup();
    await openGenerator();
    await pickPhoto(user);
    await user.click(generateButton());
    expect(await screen.findByText(aiTexts.photoSeen)).toBeInTheDocument();
  });

  it('says when the AI service only had the tags', async () => {
    stubGenerator('tags', 'openai-compatible');
    const user = userEvent.setup();
    await openGenerator();
    await pickPhoto(user);
    await user.click(generateButton());
    expect(await screen.findByText(aiTexts.photoFromTextNoVision)).toBeInTheDocument();
  });

  it('shows what to do when the photo is no longer in the gallery', async () => {
    stubApi({
      'GET /api/ai/quota': () => jsonResponse(makeQuota()),
      'GET /api/saved-content': () => jsonResponse([]),
      'GET /api/media': () => jsonResponse([photo]),
      'POST /api/ai/generate': () =>
        jsonResponse({ message: aiTexts.photoNotFound, code: 'NOT_FOUND', field: 'mediaId' }, 404),
    });
    const user = userEvent.setup();
    await openGenerator();
    await pickPhoto(user);
    await user.click(generateButton());
    expect(await findToast(aiTexts.generationFailed)).toHaveTextContent(aiTexts.photoNotFound);
  });

  it('offers visitors nothing new: no photo picker and no gallery call', async () => {
    const fetchMock = stubGenerator('tags', 'offline');
    await openGenerator(null);
    expect(screen.queryByRole('button', { name: 'Use a gallery photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Photo/ })).not.toBeInTheDocument();
    expect(callsOf(fetchMock).some((call) => call.path.startsWith('/api/media'))).toBe(false);
  });
});
