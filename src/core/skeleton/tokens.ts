/** Counts the tokens of a text; the model's tokenizer when one is loaded. */
export type TokenCounter = (text: string) => number;

// Without a tokenizer we estimate one token per 3.5 characters, rounded up. Subword
// tokenizers trained on code (BPE/SentencePiece, as in the paper's PyMT5 lineage) spend about
// 3.5 to 4.5 characters per token on Python: identifiers and keywords merge into long tokens,
// while operators, brackets and indentation runs cost a token for few characters. Taking the
// low end over-counts slightly, so a skeleton cut to this estimate stays within the budget
// when the real tokenizer is applied later.
const CHARS_PER_TOKEN = 3.5;

/** Token estimate used when no tokenizer is loaded: characters / 3.5, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
