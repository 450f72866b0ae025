import * as fs from 'node:fs';
import * as path from 'node:path';
import { SentencePieceBpe } from './bpe';

// The tokenizer of a transformers.js-format model folder (tokenizer.json +
// tokenizer_config.json). Ours is a converted SentencePiece BPE, encoded by our own exact and
// fast implementation; any other kind (a dropped-in model's) goes through @huggingface/tokenizers,
// the library transformers.js itself encodes and decodes with.

export interface Tokenizer {
  /** Encoder ids: the tokenizer's own special tokens if it adds them, always ending in </s>. */
  encodeSource(text: string): number[];
  /** Ids of a decoder text, no special tokens. */
  encodeTarget(text: string): number[];
  decode(ids: number[]): string;
  countTokens(text: string): number;
}

async function libraryTokenizer(dir: string) {
  // Loaded lazily: only foreign tokenizers need it.
  const { Tokenizer } = await import('@huggingface/tokenizers');
  const read = (name: string): object => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as object;
  return new Tokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
}

export async function loadTokenizer(dir: string, eosTokenId: number): Promise<Tokenizer> {
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')) as Parameters<typeof SentencePieceBpe.fromJson>[0];
  const bpe = SentencePieceBpe.fromJson(json);
  if (bpe) {
    // Our tokenizer adds no special tokens of its own: the encoder input ends with </s>.
    const encode = (text: string): number[] => bpe.encode(text);
    return {
      encodeSource: (text) => [...encode(text), eosTokenId],
      encodeTarget: encode,
      decode: (ids) => bpe.decode(ids),
      countTokens: (text) => encode(text).length,
    };
  }
  const tokenizer = await libraryTokenizer(dir);
  const encodeTarget = (text: string): number[] => tokenizer.encode(text, { add_special_tokens: false }).ids;
  return {
    encodeSource(text) {
      const ids = tokenizer.encode(text).ids;
      return ids.at(-1) === eosTokenId ? ids : [...ids, eosTokenId];
    },
    encodeTarget,
    decode: (ids) => tokenizer.decode(ids, { skip_special_tokens: true }),
    countTokens: (text) => encodeTarget(text).length,
  };
}
