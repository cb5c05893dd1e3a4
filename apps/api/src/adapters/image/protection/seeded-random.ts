/** mulberry32: a tiny, fast, seedable generator — enough to make each protected copy differ. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value in [min, max), from the generator. */
export function between(random: () => number, min: number, max: number): number {
  return min + (max - min) * random();
}

/** +1 or -1 with even odds. */
export function sign(random: () => number): 1 | -1 {
  return random() < 0.5 ? -1 : 1;
}
