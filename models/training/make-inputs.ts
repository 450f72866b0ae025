// Turns bug records (extract_bugs.py) into model texts with the product's own code: the
// skeleton builder (src/core/skeleton) and the model format (src/core/model/format). Training
// and inference therefore read the same encoder texts and write the same decoder texts.
//
// Usage: node out/models/training/make-inputs.js WORK_DIR TOKENIZER_DIR MAX_SOURCE MAX_TARGET [SHARD COUNT]
//            [--resume] [--max-lines 32]
// Reads WORK_DIR/bugs-sample.jsonl, writes WORK_DIR/inputs-SHARD.jsonl (shards split by file):
//   {id, split, package, kind, encoder, target, functionTarget, sourceTokens, sourceIds, targetIds}
// with the product tokenizer's ids (sourceIds end with </s>), which train.py reads.
// `functionTarget` is the same fix in the whole-function format, kept to compare the formats.
// Files are visited in a fixed shuffled order, so a run stopped early still covers packages
// evenly. --resume appends to inputs-SHARD.jsonl, skipping bugs whose input any
// inputs-*.jsonl already holds (a run stopped for the training deadline can be continued).
//
// The budget is the product's (format.ts skeletonBudget, the skeleton builder): the encoder
// text, line markers and </s> included, fits MAX_SOURCE, and functions longer than
// --max-lines (the format's maxFunctionLines) are outside the format, as in the product. Every
// input is counted exactly once more here; WORK_DIR/inputs-SHARD.stats.json says how many
// were within budget (the goal: all), how many functions the format leaves out (too many lines,
// or whose marked text alone exceeds the budget), and how many fixes exceed MAX_TARGET.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { encoderText, fitsFormat, skeletonBudget, targetText, type ModelFormat } from '../../src/core/model/format';
import { loadTokenizer } from '../../src/core/model/tokenizer';
import { buildModelInput } from '../../src/core/skeleton';
import { readJsonl } from './jsonl';
import type { SyntheticBug, TrainingInput } from './records';

interface Counts {
  read: number;
  written: number;
  withinBudget: number;
  overBudget: number;
  functionOverLines: number;
  functionOverBudget: number;
  targetTooLong: number;
  noTarget: number;
  made: number;
}

type KindCounts = Pick<Counts, 'read' | 'written' | 'functionOverLines' | 'functionOverBudget' | 'targetTooLong'>;

/** A memo of token counts: bugs come grouped by file, so the skeleton builder asks for the same units' counts again and again. */
function memoized(count: (text: string) => number): (text: string) => number {
  const counted = new Map<string, number>();
  return (text) => {
    let n = counted.get(text);
    if (n === undefined) {
      if (counted.size > 50000) counted.clear();
      n = count(text);
      counted.set(text, n);
    }
    return n;
  };
}

const sources = new Map<string, string[]>();
function originalLines(file: string): string[] {
  let lines = sources.get(file);
  if (!lines) {
    if (sources.size > 200) sources.clear();
    lines = fs.readFileSync(file, 'utf8').split('\n');
    sources.set(file, lines);
  }
  return lines;
}

function shardOf(file: string, shardCount: number): number {
  let hash = 0;
  for (const ch of file) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % shardCount;
}

/** Bugs of this shard grouped by file, files in an order fixed by a seeded shuffle. */
function shardBugs(workDir: string, shard: number, shardCount: number): SyntheticBug[] {
  const byFile = new Map<string, SyntheticBug[]>();
  for (const bug of readJsonl<SyntheticBug>(path.join(workDir, 'bugs-sample.jsonl'))) {
    if (shardOf(bug.path, shardCount) !== shard) continue;
    const group = byFile.get(bug.path);
    if (group) group.push(bug);
    else byFile.set(bug.path, [bug]);
  }
  const files = [...byFile.keys()];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let i = files.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [files[i], files[j]] = [files[j]!, files[i]!];
  }
  return files.flatMap((file) => byFile.get(file)!);
}

/** Ids of the bugs whose input some inputs-*.jsonl of WORK_DIR holds (an empty or cut-off last line skipped). */
function madeKeys(workDir: string): Set<string> {
  const keys = new Set<string>();
  for (const name of fs.readdirSync(workDir).filter((n) => /^inputs-\d+\.jsonl$/.test(n))) {
    for (const record of readJsonl<TrainingInput>(path.join(workDir, name), { skipBroken: true })) keys.add(record.id);
  }
  return keys;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const resume = args.includes('--resume');
  const linesAt = args.indexOf('--max-lines');
  const maxLines = linesAt >= 0 ? Number(args[linesAt + 1]) : 32;
  const positional = args.filter((a, i) => a !== '--resume' && (linesAt < 0 || (i !== linesAt && i !== linesAt + 1)));
  const [workDir, tokenizerDir, maxSource, maxTarget, shardArg, countArg] = positional;
  if (workDir === undefined || tokenizerDir === undefined) {
    console.error('usage: make-inputs.js WORK_DIR TOKENIZER_DIR MAX_SOURCE MAX_TARGET [SHARD COUNT] [--resume] [--max-lines 32]');
    process.exit(2);
  }
  const shard = Number(shardArg ?? 0);
  const shardCount = Number(countArg ?? 1);
  const lineEdit: ModelFormat = {
    output: 'line-edit',
    useTrace: false,
    maxSourceTokens: Number(maxSource),
    maxTargetTokens: Number(maxTarget),
    maxFunctionLines: maxLines,
  };
  const wholeFunction: ModelFormat = { ...lineEdit, output: 'function' };
  const tokenizer = await loadTokenizer(tokenizerDir, 2);
  const countTokens = memoized((text) => tokenizer.countTokens(text));

  const made = resume ? madeKeys(workDir) : new Set<string>();
  // Written synchronously: the loop below rarely yields to the event loop, and a run stopped
  // at a deadline must leave whole lines behind.
  const out = fs.openSync(path.join(workDir, `inputs-${shard}.jsonl`), resume ? 'a' : 'w');
  const counts: Counts = {
    read: 0,
    written: 0,
    withinBudget: 0,
    overBudget: 0,
    functionOverLines: 0,
    functionOverBudget: 0,
    targetTooLong: 0,
    noTarget: 0,
    made: 0,
  };
  const byKind: Record<string, KindCounts> = {};
  const statsFile = path.join(workDir, `inputs-${shard}.stats.json`);
  const writeStats = () => fs.writeFileSync(statsFile, JSON.stringify({ format: lineEdit, counts, byKind }, null, 1));
  for (const bug of shardBugs(workDir, shard, shardCount)) {
    counts.read++;
    if (counts.read % 500 === 0) {
      console.error(JSON.stringify(counts));
      writeStats();
    }
    const original = originalLines(bug.path);
    const fixed = original.slice(bug.startLine - 1, bug.endLine).join('\n') + '\n';
    const buggy = bug.buggy + '\n';
    const buggyLines = bug.buggy.split('\n');
    const source = [...original.slice(0, bug.startLine - 1), ...buggyLines, ...original.slice(bug.endLine)].join('\n');
    const kind = (byKind[bug.kind] ??= { read: 0, written: 0, functionOverLines: 0, functionOverBudget: 0, targetTooLong: 0 });
    kind.read++;
    if (!fitsFormat(buggy, lineEdit)) {
      counts.functionOverLines++;
      kind.functionOverLines++;
      continue;
    }
    const target = targetText(buggy, fixed, lineEdit);
    if (target === null) {
      counts.noTarget++;
      continue;
    }
    const functionTarget = targetText(buggy, fixed, wholeFunction);
    if (made.has(bug.id)) {
      counts.made++;
      continue;
    }
    if (tokenizer.countTokens(target) + 2 > lineEdit.maxTargetTokens) {
      counts.targetTooLong++;
      kind.targetTooLong++;
      continue;
    }
    const input = await buildModelInput({
      source,
      file: bug.file,
      focal: { function: bug.function, startLine: bug.startLine, endLine: bug.startLine + buggyLines.length - 1 },
      tokenBudget: skeletonBudget(buggy, lineEdit),
      countTokens,
    });
    if (input.tokens > input.tokenBudget) {
      // The focal function's marked text alone exceeds the budget: outside the format (the
      // product must not give the model such a function either).
      counts.functionOverBudget++;
      kind.functionOverBudget++;
      continue;
    }
    const encoder = encoderText(input, lineEdit);
    // The encoder reads the text and </s> (encodeSource adds it): the count the model's encode() makes.
    const sourceIds = tokenizer.encodeSource(encoder);
    const sourceTokens = sourceIds.length;
    if (sourceTokens > lineEdit.maxSourceTokens) {
      // Should not happen (skeletonBudget's MARKER_TOKENS is an upper bound): kept, counted, and
      // cut by train.py like inference would cut it.
      counts.overBudget++;
    } else {
      counts.withinBudget++;
    }
    const targetIds = tokenizer.encodeTarget(target);
    const record: TrainingInput = {
      id: bug.id,
      split: bug.split,
      package: bug.package,
      kind: bug.kind,
      encoder,
      target,
      functionTarget,
      sourceTokens,
      sourceIds,
      targetIds,
    };
    fs.writeSync(out, JSON.stringify(record) + '\n');
    counts.written++;
    kind.written++;
  }
  fs.closeSync(out);
  writeStats();
  console.error(JSON.stringify(counts));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
