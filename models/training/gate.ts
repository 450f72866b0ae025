// The shipping rule, owned here for both gates (better.ts on the synthetic held-out bugs,
// best.ts on the executable ones): counts compared in order of importance, the candidate wins
// only where it is strictly ahead at the first count that differs; a tie keeps the shipped model.

/** Whether `candidate` beats `shipped`, two lists of counts in the same order (higher is better). */
export function beats(candidate: readonly number[], shipped: readonly number[]): boolean {
  const first = candidate.findIndex((value, i) => value !== shipped[i]);
  return first >= 0 && candidate[first]! > shipped[first]!;
}
