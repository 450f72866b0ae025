// Choosing the next token from a row of logits: greedy, or temperature + nucleus (top-p).

export function logSoftmax(logits: ArrayLike<number>): Float64Array {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i]! > max) max = logits[i]!;
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += Math.exp(logits[i]! - max);
  const logSum = max + Math.log(sum);
  const out = new Float64Array(logits.length);
  for (let i = 0; i < logits.length; i++) out[i] = logits[i]! - logSum;
  return out;
}

function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

/**
 * A token id drawn from log-probabilities: argmax when temperature <= 0, else from the
 * smallest set of most likely tokens whose probability (at that temperature) reaches topP.
 */
export function chooseToken(logProbs: ArrayLike<number>, temperature: number, topP: number, random: () => number = Math.random): number {
  if (temperature <= 0) return argmax(logProbs);
  // Tokens under e^-30 of the best carry no mass worth sorting for (at most 1e-9 in all).
  const top = logProbs[argmax(logProbs)]! / temperature;
  const scaled: { id: number; weight: number }[] = [];
  for (let id = 0; id < logProbs.length; id++) {
    const weight = logProbs[id]! / temperature;
    if (weight > top - 30) scaled.push({ id, weight });
  }
  scaled.sort((a, b) => b.weight - a.weight);
  let total = 0;
  const probs = scaled.map((entry) => Math.exp(entry.weight - top));
  for (const p of probs) total += p;
  // Keep the nucleus: tokens until their cumulative probability reaches topP.
  let kept = 0;
  let cumulative = 0;
  while (kept < probs.length && cumulative < topP * total) cumulative += probs[kept++]!;
  let draw = random() * cumulative;
  for (let i = 0; i < kept; i++) {
    draw -= probs[i]!;
    if (draw <= 0) return scaled[i]!.id;
  }
  return scaled[kept - 1]!.id;
}

/** log-softmax(logits)[token], without making the whole row. */
export function logProbAt(logits: ArrayLike<number>, token: number): number {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) if (logits[i]! > max) max = logits[i]!;
  let sum = 0;
  for (let i = 0; i < logits.length; i++) sum += Math.exp(logits[i]! - max);
  return logits[token]! - max - Math.log(sum);
}
