import { shuffled, type Random } from './random.js';

/** Symbol name → its alternatives. Alternatives may name other symbols in braces. */
export type Rules = Record<string, readonly string[]>;

const symbolPattern = /\{(\w+)(\?)?(?:\.(cap|lower))?\}/g;
const maxDepth = 8;

/**
 * Expands templates like "{opener} {emoji?}" from a set of rules. `{name?}` appears about half the
 * time; `.cap` capitalises. Within one expander a symbol deals its alternatives like a shuffled
 * deck, so one caption never repeats a line and consecutive results start differently.
 */
export function createExpander(rules: Rules, random: Random, variables: Record<string, string> = {}) {
  const decks = new Map<string, string[]>();

  function draw(name: string): string {
    let deck = decks.get(name);
    if (!deck || deck.length === 0) {
      const alternatives = rules[name];
      if (!alternatives || alternatives.length === 0) throw new Error(`Grammar has no symbol ${name}`);
      deck = shuffled(alternatives, random);
      decks.set(name, deck);
    }
    return deck.pop()!;
  }

  function expand(template: string, depth = 0): string {
    if (depth > maxDepth) throw new Error(`Grammar nests deeper than ${maxDepth}: ${template}`);
    return template.replace(
      symbolPattern,
      (_match, name: string, optional: string | undefined, modifier: string | undefined) => {
        if (optional && random() < 0.5) return '';
        const value = name in variables ? variables[name]! : expand(draw(name), depth + 1);
        if (modifier === 'cap') return value.charAt(0).toUpperCase() + value.slice(1);
        if (modifier === 'lower') return value.toLowerCase();
        return value;
      },
    );
  }

  return {
    /** Expands and tidies spacing left by optional symbols. */
    expand: (template: string) => tidyText(expand(template)),
    draw: (name: string) => tidyText(expand(draw(name))),
  };
}

export function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/(?<! ) +([,.!?…])/g, '$1')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
