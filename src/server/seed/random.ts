/** Deterministic pseudo-random numbers in [0, 1), so every fresh database gets the same demo data. */
export function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** One of `xs`, drawn with `r`. */
export const pickWith = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** A whole number in [lo, hi], drawn with `r`. */
export const between = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
