// Whether each bug kind of extract_bugs.py really is the inverse of a template family, on a
// sample of training bugs (inverse.ts: the product's template search on each buggy function,
// the original looked for among its first candidates). Reported per kind: how often the
// search proposes the exact fix, how often by the family the kind is named after, and its rank.
//
// Usage: node out/models/training/check-inverse.js WORK_DIR [PER_KIND] [MAX_CANDIDATES] [KIND,...] > inverse.json
// Reads WORK_DIR/bugs-sample.jsonl (or bugs.jsonl); PER_KIND bugs per kind (default 5), of the
// given kinds only when listed.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkKinds } from './inverse';
import { readJsonl } from './jsonl';
import type { SyntheticBug } from './records';

async function main(): Promise<void> {
  const [workDir, perKindArg, maxArg, kindsArg] = process.argv.slice(2);
  if (workDir === undefined) {
    console.error('usage: check-inverse.js WORK_DIR [PER_KIND] [MAX_CANDIDATES] [KIND,...]');
    process.exit(2);
  }
  const file = ['bugs-sample.jsonl', 'bugs.jsonl'].map((n) => path.join(workDir, n)).find((f) => fs.existsSync(f));
  if (file === undefined) throw new Error(`${workDir} has no bugs-sample.jsonl or bugs.jsonl`);
  const report = await checkKinds(readJsonl<SyntheticBug>(file), {
    perKind: Number(perKindArg ?? 5),
    maxCandidates: Number(maxArg ?? 3000),
    ...(kindsArg ? { kinds: new Set(kindsArg.split(',')) } : {}),
    onKind: (kind, row) => console.error(kind, JSON.stringify(row)),
  });
  console.log(JSON.stringify(report, null, 1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
