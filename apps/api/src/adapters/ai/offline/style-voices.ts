import type { StyleHint } from '@app/shared/ai';
import { authentic } from './voices/authentic.js';
import { bold } from './voices/bold.js';
import { confident } from './voices/confident.js';
import { mysterious } from './voices/mysterious.js';
import { playful } from './voices/playful.js';
import { sassy } from './voices/sassy.js';
import type { StyleVoice } from './voices/types.js';

/** The six styles differ in voice only: every one of them keeps the prompt's facts. */
export const styleVoices: Record<StyleHint, StyleVoice> = {
  authentic,
  playful,
  confident,
  mysterious,
  bold,
  sassy,
};
