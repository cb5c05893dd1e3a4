/**
 * Trims any of `chars` from the end of `text`. A pattern such as /[,;:]+$/ looks like the same
 * thing but restarts at every character of a long run, taking quadratic time on hostile input.
 */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Trims any of `chars` from both ends of `text` (linear; see trimEndChars). */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start++;
  return trimEndChars(text.slice(start), chars);
}
