/** A value in [min, max), from the generator. */
export function between(random: () => number, min: number, max: number): number {
  return min + (max - min) * random();
}

/** +1 or -1 with even odds. */
export function sign(random: () => number): 1 | -1 {
  return random() < 0.5 ? -1 : 1;
}
