/** Counts the tokens of a text; the model's tokenizer when one is loaded. */
export type TokenCounter = (text: string) => number;

// Without a tokenizer we estimate one token per 3.3 characters, rounded up. Measured: a
// SentencePiece BPE of 6,000 pieces (the kind and size our model uses) trained on 120 modules
// of Python's standard library spends 3.43 characters per token on the functions of 40 other
// modules. Dividing by slightly less over-counts by about 4%, so a skeleton cut to the
// estimate still fits its budget when the real tokenizer is applied.
const CHARS_PER_TOKEN = 3.3;

/** Token estimate used when no tokenizer is loaded: characters / 3.3, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
