import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aiTexts, type AiGenerateResponse } from '@app/shared/ai';
import type { AiWriter } from '@app/shared/writer-label';
import { renderApp } from '../../testing/render-app';
import { freeUser } from '../../testing/users';
import { jsonResponse } from '../../testing/fetch-stub';
import { resetAuthState, stubApi } from '../../testing/auth-api-stub';
import { makeQuota, makeResponse } from './testing/ai-fixtures';

afterEach(() => {
  resetAuthState();
  vi.unstubAllGlobals();
});

const builtIn: AiWriter = { provider: 'offline', model: 'built-in-writer-2', label: 'Built-in writer' };

function stubGenerator(answer: Partial<AiGenerateResponse>, writer: AiWriter | null = builtIn) {
  return stubApi({
    'GET /api/ai/quota': () => jsonResponse(makeQuota()),
    'GET /api/ai/writer': () =>
      writer ? jsonResponse(writer) : jsonResponse({ message: 'Service unavailable' }, 503),
    'POST /api/ai/generate': () => jsonResponse(makeResponse(answer)),
    'GET /api/saved-content': () => jsonResponse([]),
  });
}

async function generate() {
  renderApp('/caption-generator', { user: freeUser });
  await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
  await userEvent.setup().click(screen.getByRole('button', { name: /^Generat/ }));
  const heading = await screen.findByRole('heading', { name: 'Your captions' });
  return heading.closest('section')!;
}

describe('who wrote the captions', () => {
  it('says the built-in writer wrote them, never "AI"', async () => {
    stubGenerator({ provider: 'offline', model: 'built-in-writer-2', tokensUsed: 0 });
    const results = await generate();
    const writtenBy = within(results).getByTestId('written-by');
    expect(writtenBy).toHaveTextContent('Written by the built-in writer');
    expect(writtenBy).not.toHaveTextContent(/\bAI\b/);
  });

  it('names the model when an AI service wrote them', async () => {
    stubGenerator({ provider: 'openai-compatible', model: 'gpt-4o-mini' });
    const results = await generate();
    expect(within(results).getByTestId('written-by')).toHaveTextContent('Written by gpt-4o-mini');
  });

  it('names both when the built-in writer filled in for the model', async () => {
    stubGenerator({
      provider: 'openai-compatible',
      model: 'llama3.1:8b',
      notice: aiTexts.partialFallback,
    });
    const results = await generate();
    expect(within(results).getByTestId('written-by')).toHaveTextContent(
      'Written by llama3.1:8b and the built-in writer',
    );
    expect(results).toHaveTextContent(aiTexts.partialFallback);
  });

  it('says the built-in writer wrote them when the AI service did not answer', async () => {
    stubGenerator(
      { provider: 'offline', model: 'built-in-writer-2', notice: aiTexts.offlineFallback },
      { provider: 'openai-compatible', model: 'gpt-4o-mini', label: 'gpt-4o-mini' },
    );
    const results = await generate();
    expect(within(results).getByTestId('written-by')).toHaveTextContent('Written by the built-in writer');
    expect(results).toHaveTextContent(aiTexts.offlineFallback);
  });
});

describe('who will write, under the Generate button', () => {
  async function openGenerator() {
    renderApp('/caption-generator', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Caption Generator' });
  }

  it('names the built-in writer on a default install', async () => {
    stubGenerator({}, builtIn);
    await openGenerator();
    expect(await screen.findByTestId('writer-note')).toHaveTextContent(
      'Captions are written by the built-in writer.',
    );
  });

  it('names the configured model, and who stands in for it', async () => {
    stubGenerator({}, { provider: 'openai-compatible', model: 'llama3.1', label: 'llama3.1' });
    await openGenerator();
    expect(await screen.findByTestId('writer-note')).toHaveTextContent(
      'Captions are written by llama3.1; the built-in writer stands in if it does not answer.',
    );
  });

  it('says nothing rather than guess when the writer cannot be read', async () => {
    const fetchMock = stubGenerator({}, null);
    await openGenerator();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/ai/writer')).toBe(true),
    );
    await screen.findByRole('status', { name: 'Daily AI generations' });
    expect(screen.queryByTestId('writer-note')).not.toBeInTheDocument();
  });
});
