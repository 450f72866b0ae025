// Turns bug records (extract_bugs.py) into model texts with the product's own code: the
// skeleton builder (src/core/skeleton) and the model format (src/core/model/format), compiled
// to out/ by `npx tsc -p tsconfig.test.json`. Training and inference therefore read the same
// encoder texts and write the same decoder texts.
//
// Usage: node models/training/make_inputs.mjs WORK_DIR TOKENIZER_DIR MAX_SOURCE MAX_TARGET [SHARD COUNT]
// Reads WORK_DIR/bugs-sample.jsonl, writes WORK_DIR/inputs-SHARD.jsonl (shards split by file):
//   {split, package, kind, encoder, target, functionTarget}
// `functionTarget` is the same fix in the whole-function format, kept to compare the formats.

import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { buildModelInput } = require(path.join(root, 'out/src/core/skeleton/index.js'));
const format = require(path.join(root, 'out/src/core/model/format.js'));
const { loadTokenizer } = require(path.join(root, 'out/src/core/model/tokenizer.js'));

const [workDir, tokenizerDir, maxSource, maxTarget, shardArg, countArg] = process.argv.slice(2);
const shard = Number(shardArg ?? 0);
const shardCount = Number(countArg ?? 1);
const lineEdit = { output: 'line-edit', useTrace: false, maxSourceTokens: Number(maxSource), maxTargetTokens: Number(maxTarget) };
const wholeFunction = { ...lineEdit, output: 'function' };
const tokenizer = await loadTokenizer(tokenizerDir, 2);

// Bugs come grouped by file, so the skeleton builder asks for the same units' counts again
// and again: remember them (the counts are the tokenizer's, unchanged).
const counted = new Map();
function countTokens(text) {
  let count = counted.get(text);
  if (count === undefined) {
    if (counted.size > 50000) counted.clear();
    count = tokenizer.countTokens(text);
    counted.set(text, count);
  }
  return count;
}

const sources = new Map();
function originalLines(file) {
  let lines = sources.get(file);
  if (!lines) {
    if (sources.size > 200) sources.clear();
    lines = fs.readFileSync(file, 'utf8').split('\n');
    sources.set(file, lines);
  }
  return lines;
}

function shardOf(file) {
  let hash = 0;
  for (const ch of file) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % shardCount;
}

const out = fs.createWriteStream(path.join(workDir, `inputs-${shard}.jsonl`));
const counts = { read: 0, written: 0, tooLong: 0, noTarget: 0 };
const lines = readline.createInterface({ input: fs.createReadStream(path.join(workDir, 'bugs-sample.jsonl')) });
for await (const line of lines) {
  const bug = JSON.parse(line);
  if (shardOf(bug.path) !== shard) continue;
  counts.read++;
  const original = originalLines(bug.path);
  const fixed = original.slice(bug.startLine - 1, bug.endLine).join('\n') + '\n';
  const buggy = bug.buggy + '\n';
  const buggyLines = bug.buggy.split('\n');
  const source = [...original.slice(0, bug.startLine - 1), ...buggyLines, ...original.slice(bug.endLine)].join('\n');
  const target = format.targetText(buggy, fixed, lineEdit);
  if (target === null) {
    counts.noTarget++;
    continue;
  }
  const input = await buildModelInput({
    source,
    file: bug.file,
    focal: { function: bug.function, startLine: bug.startLine, endLine: bug.startLine + buggyLines.length - 1 },
    tokenBudget: format.skeletonBudget(buggy, lineEdit),
    countTokens,
  });
  const encoder = format.encoderText(input, lineEdit);
  if (tokenizer.encodeSource(encoder).length > lineEdit.maxSourceTokens || tokenizer.countTokens(target) + 2 > lineEdit.maxTargetTokens) {
    counts.tooLong++;
    continue;
  }
  const functionTarget = format.targetText(buggy, fixed, wholeFunction);
  out.write(JSON.stringify({ split: bug.split, package: bug.package, kind: bug.kind, encoder, target, functionTarget }) + '\n');
  counts.written++;
  if (counts.read % 500 === 0) console.error(JSON.stringify(counts));
}
out.end();
console.error(JSON.stringify(counts));
