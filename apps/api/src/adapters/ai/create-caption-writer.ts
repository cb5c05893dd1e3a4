import type { AiConfig } from '../../config.js';
import { createCaptionWriter } from './caption-writer.js';
import { createOfflineProvider } from './offline/offline-generator.js';
import { createOpenAiCompatibleProvider } from './openai-compatible-provider.js';

/** The configured AI service in front of the built-in writer, or the built-in writer alone. */
export function createCaptionWriterFor(config: AiConfig) {
  const offline = createOfflineProvider();
  const primary = config.openai ? createOpenAiCompatibleProvider(config.openai) : offline;
  return createCaptionWriter(primary, offline);
}
