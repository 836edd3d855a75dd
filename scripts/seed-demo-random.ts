/**
 * A small deterministic random generator, so two runs of seed:demo produce the same data. Each part of the seed
 * draws from its own stream (its own starting number), so a change in one part leaves the others' data as it was.
 */
export function randomStream(start: number) {
  let seed = start;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
  const between = (min: number, max: number) => Math.floor(min + random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return { random, between, pick };
}
export type RandomStream = ReturnType<typeof randomStream>;
