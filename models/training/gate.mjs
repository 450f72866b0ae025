// The shipping rule, owned here for both gates (better.mjs on the synthetic held-out bugs,
// best.mjs on the executable ones): counts compared in order of importance, the candidate wins
// only where it is strictly ahead at the first count that differs; a tie keeps the shipped model.

/** Whether `candidate` beats `shipped`, two lists of counts in the same order (higher is better). */
export function beats(candidate, shipped) {
  const first = candidate.findIndex((value, i) => value !== shipped[i]);
  return first >= 0 && candidate[first] > shipped[first];
}
