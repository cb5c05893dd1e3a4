import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('AI configuration', () => {
  it('uses the built-in writer and a 10-minute cache by default', () => {
    expect(loadConfig({}).ai).toEqual({ provider: 'offline', openai: undefined, cacheTtlSeconds: 600 });
  });

  it('turns the OpenAI-compatible service on with a base URL (local servers need no key)', () => {
    expect(
      loadConfig({
        AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        AI_MODEL: 'llama3.1',
        AI_TIMEOUT_MS: '5000',
        AI_CACHE_TTL_SECONDS: '0',
      }).ai,
    ).toEqual({
      provider: 'openai-compatible',
      openai: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: undefined,
        model: 'llama3.1',
        timeoutMs: 5000,
        vision: false,
      },
      cacheTtlSeconds: 0,
    });
  });

  it("uses OpenAI's own address when only a key is given", () => {
    expect(loadConfig({ AI_API_KEY: 'sk-test' }).ai.openai).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
    });
  });

  it('sends photos to the model only when AI_VISION says it accepts images', () => {
    expect(loadConfig({ AI_API_KEY: 'sk-test' }).ai.openai?.vision).toBe(false);
    expect(loadConfig({ AI_API_KEY: 'sk-test', AI_VISION: 'true' }).ai.openai?.vision).toBe(true);
    expect(() => loadConfig({ AI_VISION: 'yes' })).toThrow(
      'Invalid environment variable AI_VISION="yes": expected true or false',
    );
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ AI_BASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_TIMEOUT_MS: '10' })).toThrow(
      'Invalid environment variable AI_TIMEOUT_MS="10": expected at least 1000 milliseconds',
    );
  });
});
