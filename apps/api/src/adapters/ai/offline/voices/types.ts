import type { Context } from '../facts.js';

/**
 * A line in a style's voice. Voice lines carry no facts: no time, place, light or clothing (those
 * come only from the prompt), no numbers, no claims the prompt did not make. `when` limits a line to
 * prompts of that kind (a line about nerves fits a first post); `solo` lines make no sense for a couple.
 */
export interface VoiceLine {
  text: string;
  when?: Context[];
  solo?: boolean;
}
export type Lines = readonly (string | VoiceLine)[];

export interface StyleVoice {
  /** Before the prompt's headline in a title: a sentence of its own ("Surprise!") or a colon lead. */
  titleLeads: Lines;
  /** After the headline in a title, with their own punctuation: ", be gentle", ". Thoughts?". */
  titleTails: Lines;
  /** Short first lines and hooks. */
  openers: Lines;
  lines: Lines;
  questions: Lines;
  closers: Lines;
  emojis: readonly string[];
  tags: readonly string[];
  /** Photo direction: how to pose, in this style. */
  poses: Lines;
}
