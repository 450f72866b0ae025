import * as fs from 'node:fs';
import * as path from 'node:path';
import { SentencePieceBpe } from './bpe';

// The tokenizer of a transformers.js-format model folder (tokenizer.json +
// tokenizer_config.json). Ours is a converted SentencePiece BPE, encoded by our own exact and
// fast implementation; any other kind goes through transformers.js itself.

export interface Tokenizer {
  /** Encoder ids: the tokenizer's own special tokens if it adds them, always ending in </s>. */
  encodeSource(text: string): number[];
  /** Ids of a decoder text, no special tokens. */
  encodeTarget(text: string): number[];
  decode(ids: number[]): string;
  countTokens(text: string): number;
}

interface TransformersTokenizer {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[], options?: { skip_special_tokens?: boolean }): string;
}

type TransformersModule = {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  AutoTokenizer: { from_pretrained(name: string, options: { local_files_only: boolean }): Promise<TransformersTokenizer> };
};

async function transformersTokenizer(dir: string): Promise<TransformersTokenizer> {
  // Loaded lazily: the module is large and only needed for foreign tokenizers.
  const transformers = (await import('@huggingface/transformers')) as unknown as TransformersModule;
  transformers.env.allowRemoteModels = false;
  transformers.env.allowLocalModels = true;
  transformers.env.localModelPath = path.dirname(path.resolve(dir));
  return transformers.AutoTokenizer.from_pretrained(path.basename(path.resolve(dir)), { local_files_only: true });
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
  const tokenizer = await transformersTokenizer(dir);
  const encodeTarget = (text: string): number[] => tokenizer.encode(text, { add_special_tokens: false });
  return {
    encodeSource(text) {
      const ids = tokenizer.encode(text);
      return ids.at(-1) === eosTokenId ? ids : [...ids, eosTokenId];
    },
    encodeTarget,
    decode: (ids) => tokenizer.decode(ids, { skip_special_tokens: true }),
    countTokens: (text) => encodeTarget(text).length,
  };
}
