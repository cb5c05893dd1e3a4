import { describe, expect, it } from 'vitest';
import { aiTexts } from './ai';
import { aiWriterOf, aiWriterSchema, isBuiltInWriter, writerLabel, writerTexts } from './writer-label';

describe('writerLabel', () => {
  it('calls the built-in writer "Built-in writer", whatever its model name', () => {
    expect(writerLabel({ provider: 'offline', model: 'built-in-writer-2' })).toBe('Built-in writer');
    expect(writerLabel({ generationType: 'template', model: 'offline' })).toBe('Built-in writer');
    expect(writerLabel({ generationType: 'template' })).toBe('Built-in writer');
  });

  it('names an AI service by its model, never as the built-in writer', () => {
    expect(writerLabel({ provider: 'openai-compatible', model: 'gpt-4o-mini' })).toBe('gpt-4o-mini');
    expect(writerLabel({ provider: 'openai-compatible', model: 'llama3.1:8b' })).toBe('llama3.1:8b');
    expect(writerLabel({ generationType: 'ai', model: 'qwen2.5-7b' })).toBe('qwen2.5-7b');
    expect(isBuiltInWriter({ generationType: 'ai', model: 'offline' })).toBe(false);
  });

  it('says "AI model" for an AI-written item whose model was not recorded', () => {
    expect(writerLabel({ generationType: 'ai', model: null })).toBe('AI model');
    expect(writerLabel({ generationType: 'ai' })).toBe('AI model');
    expect(writerLabel({ provider: 'openai-compatible', model: '  ' })).toBe('AI model');
  });
});

describe('writer texts', () => {
  it('says who wrote a set of results, including when the built-in writer filled in', () => {
    expect(writerTexts.writtenBy({ provider: 'offline', model: 'built-in-writer-2', notice: null })).toBe(
      'Written by the built-in writer',
    );
    expect(
      writerTexts.writtenBy({
        provider: 'offline',
        model: 'built-in-writer-2',
        notice: aiTexts.offlineFallback,
      }),
    ).toBe('Written by the built-in writer');
    expect(writerTexts.writtenBy({ provider: 'openai-compatible', model: 'gpt-4o-mini', notice: null })).toBe(
      'Written by gpt-4o-mini',
    );
    expect(
      writerTexts.writtenBy({
        provider: 'openai-compatible',
        model: 'gpt-4o-mini',
        notice: aiTexts.partialFallback,
      }),
    ).toBe('Written by gpt-4o-mini and the built-in writer');
  });

  it('says before generating who will write', () => {
    expect(writerTexts.captionsWrittenBy({ provider: 'offline', model: 'built-in-writer-2' })).toBe(
      'Captions are written by the built-in writer.',
    );
    expect(writerTexts.captionsWrittenBy({ provider: 'openai-compatible', model: 'llama3.1' })).toBe(
      'Captions are written by llama3.1; the built-in writer stands in if it does not answer.',
    );
  });

  it('describes the install for GET /api/ai/writer', () => {
    expect(aiWriterSchema.parse(aiWriterOf('offline', 'built-in-writer-2'))).toEqual({
      provider: 'offline',
      model: 'built-in-writer-2',
      label: 'Built-in writer',
    });
    expect(aiWriterOf('openai-compatible', 'gpt-4o-mini').label).toBe('gpt-4o-mini');
  });
});
