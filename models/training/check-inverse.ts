// Whether each bug kind of extract_bugs.py really is the inverse of a template family: for a
// sample of bugs, the product's template search (src/core/generate/templates) runs on the buggy
// function with the changed lines as the suspicious ones, and we look for the original function
// among its first candidates. Reported per kind: how often the search proposes the exact fix,
// how often by the family the kind is named after, and its rank.
//
// Usage: node out/models/training/check-inverse.js WORK_DIR [PER_KIND] [MAX_CANDIDATES] [KIND,...] > inverse.json
// Reads WORK_DIR/bugs-sample.jsonl (or bugs.jsonl); PER_KIND bugs per kind (default 5), of the
// given kinds only when listed.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { templateStream } from '../../src/core/generate/templates';
import type { Suspect } from '../../src/core/types';
import { readJsonl } from './jsonl';
import type { SyntheticBug } from './records';

interface KindRow {
  bugs: number;
  proposed: number;
  bySameKind: number;
  ranks: number[];
  families: Record<string, number>;
  errors?: number;
}

async function main(): Promise<void> {
  const [workDir, perKindArg, maxArg, kindsArg] = process.argv.slice(2);
  if (workDir === undefined) {
    console.error('usage: check-inverse.js WORK_DIR [PER_KIND] [MAX_CANDIDATES] [KIND,...]');
    process.exit(2);
  }
  const onlyKinds = kindsArg ? new Set(kindsArg.split(',')) : null;
  const perKind = Number(perKindArg ?? 5);
  const maxCandidates = Number(maxArg ?? 3000);
  const file = ['bugs-sample.jsonl', 'bugs.jsonl'].map((n) => path.join(workDir, n)).find((f) => fs.existsSync(f));
  if (file === undefined) throw new Error(`${workDir} has no bugs-sample.jsonl or bugs.jsonl`);
  const byKind = new Map<string, SyntheticBug[]>();
  for (const bug of readJsonl<SyntheticBug>(file)) {
    if (onlyKinds && !onlyKinds.has(bug.kind)) continue;
    const bugs = byKind.get(bug.kind) ?? [];
    if (bugs.length < perKind) bugs.push(bug);
    byKind.set(bug.kind, bugs);
  }

  const results: Record<string, KindRow> = {};
  for (const [kind, bugs] of [...byKind.entries()].sort()) {
    const row: KindRow = (results[kind] = { bugs: 0, proposed: 0, bySameKind: 0, ranks: [], families: {} });
    for (const bug of bugs) {
      const original = fs.readFileSync(bug.path, 'utf8').split('\n');
      const fixed = original.slice(bug.startLine - 1, bug.endLine);
      const buggy = bug.buggy.split('\n');
      const source = [...original.slice(0, bug.startLine - 1), ...buggy, ...original.slice(bug.endLine)].join('\n');
      const want = original.join('\n');
      // The changed lines (buggy numbering) are the suspicious ones, as a perfect localizer would say.
      let prefix = 0;
      while (prefix < Math.min(fixed.length, buggy.length) && fixed[prefix] === buggy[prefix]) prefix++;
      let suffix = 0;
      while (suffix < Math.min(fixed.length, buggy.length) - prefix && fixed.at(-1 - suffix) === buggy.at(-1 - suffix)) suffix++;
      const first = bug.startLine + prefix;
      const last = Math.max(first, bug.startLine + buggy.length - 1 - suffix);
      const lines: Suspect['lines'] = [];
      for (let l = Math.max(bug.startLine, first); l <= Math.min(last, bug.startLine + buggy.length - 1); l++)
        lines.push({ line: l, score: 1 });
      if (lines.length === 0) lines.push({ line: Math.min(first, bug.startLine + buggy.length - 1), score: 1 });
      const suspect: Suspect = {
        file: bug.file,
        function: bug.function,
        startLine: bug.startLine,
        endLine: bug.startLine + buggy.length - 1,
        score: 1,
        reasons: [],
        lines,
      };
      row.bugs++;
      try {
        const stream = await templateStream([suspect], async (f) => (f === bug.file ? source : null), {});
        for (let rank = 1; rank <= maxCandidates; rank++) {
          const candidate = await stream.next();
          if (!candidate) break;
          if (candidate.newFileText === want || candidate.newFileText.replace(/\n$/, '') === want.replace(/\n$/, '')) {
            row.proposed++;
            row.ranks.push(rank);
            row.families[candidate.editKind] = (row.families[candidate.editKind] ?? 0) + 1;
            if (candidate.editKind.split('+').includes(kind)) row.bySameKind++;
            break;
          }
        }
      } catch {
        row.errors = (row.errors ?? 0) + 1;
      }
    }
    console.error(kind, JSON.stringify(row));
  }
  const total = Object.values(results).reduce(
    (t, r) => ({ bugs: t.bugs + r.bugs, proposed: t.proposed + r.proposed, bySameKind: t.bySameKind + r.bySameKind }),
    { bugs: 0, proposed: 0, bySameKind: 0 },
  );
  console.log(JSON.stringify({ total, byKind: results }, null, 1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
