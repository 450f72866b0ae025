// Checks that the converted tokenizer.json (read by transformers.js) gives SentencePiece's ids
// and decodes back to the text.
// Usage: node out/models/training/verify-tokenizer.js WORK_DIR TOKENIZER_DIR
import * as path from 'node:path';
import { loadTokenizer } from '../../src/core/model/tokenizer';
import { readJsonl } from './jsonl';

async function main(): Promise<void> {
  const [workDir, tokenizerDir] = process.argv.slice(2);
  if (workDir === undefined || tokenizerDir === undefined) {
    console.error('usage: verify-tokenizer.js WORK_DIR TOKENIZER_DIR');
    process.exit(2);
  }
  const tokenizer = await loadTokenizer(tokenizerDir, 2);
  // verify_tokenizer.py's texts and SentencePiece's ids for them.
  const checks = readJsonl<{ text: string; ids: number[] }>(path.join(workDir, 'tokenizer-check.jsonl'));
  let idMismatch = 0;
  let textMismatch = 0;
  for (const { text, ids } of checks) {
    const ours = tokenizer.encodeTarget(text);
    if (JSON.stringify(ours) !== JSON.stringify(ids)) {
      if (idMismatch++ < 3) console.error('ids differ:', JSON.stringify(text.slice(0, 80)), ids.slice(0, 12), ours.slice(0, 12));
    }
    if (tokenizer.decode(ours) !== text) {
      if (textMismatch++ < 3)
        console.error('round trip differs:', JSON.stringify(text.slice(0, 80)), JSON.stringify(tokenizer.decode(ours).slice(0, 80)));
    }
  }
  console.log(`${checks.length} texts: ${idMismatch} id mismatches, ${textMismatch} round-trip mismatches`);
  process.exit(idMismatch === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
