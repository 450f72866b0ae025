// Checks that the converted tokenizer.json (read by transformers.js) gives SentencePiece's ids
// and decodes back to the text. Usage: node verify_tokenizer.mjs WORK_DIR TOKENIZER_DIR
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { loadTokenizer } = require(path.join(root, 'out/src/core/model/tokenizer.js'));

const [workDir, tokenizerDir] = process.argv.slice(2);
const tokenizer = await loadTokenizer(tokenizerDir, 2);
const checks = fs
  .readFileSync(path.join(workDir, 'tokenizer-check.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
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
