/** Deterministic pseudo-random numbers in [0, 1), so every fresh database gets the same demo data. */
export function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}
