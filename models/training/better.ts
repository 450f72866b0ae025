// The shipping gate. Exit status 0 when a candidate's held-out results (evaluate.ts) beat the
// shipped model's on the same bugs: more exact fixes in the top 10 with skeleton context, or as
// many and more in the top 1. Exit 1 when not better; exit 2 when the two results were not
// measured on the same held-out bugs (the shipped model must be measured again, train.sh does).
// A missing shipped result counts as beaten.
// Prints the paired comparison: bugs only the candidate fixes, only the shipped model fixes,
// and McNemar's exact two-sided p-value for the top-10 difference (for the record; the gate is
// the count, as before).
// Usage: node out/models/training/better.js CANDIDATE_EVAL.json SHIPPED_EVAL.json
import * as fs from 'node:fs';
import type { Evaluation } from './records';
import { beats } from './gate';

/** Two-sided exact binomial test of b vs c discordant pairs (McNemar). */
function mcnemar(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let logChoose = 0;
  let tail = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logChoose - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}

type Gated = Pick<Evaluation, 'heldout' | 'fixed'>;

function main(): void {
  const [candidateFile, shippedFile] = process.argv.slice(2);
  if (candidateFile === undefined || shippedFile === undefined) {
    console.error('usage: better.js CANDIDATE_EVAL.json SHIPPED_EVAL.json');
    process.exit(2);
  }
  const candidate = JSON.parse(fs.readFileSync(candidateFile, 'utf8')) as Gated;
  if (!fs.existsSync(shippedFile)) process.exit(0);
  const shipped = JSON.parse(fs.readFileSync(shippedFile, 'utf8')) as Partial<Gated>;
  if (candidate.heldout?.measuredHash === undefined || candidate.heldout.measuredHash !== shipped.heldout?.measuredHash) {
    console.error(`held-out sets differ (candidate ${JSON.stringify(candidate.heldout)}, shipped ${JSON.stringify(shipped.heldout)})`);
    process.exit(2);
  }
  const paired = (key: keyof Gated['fixed']) => {
    const a = new Set(candidate.fixed[key]);
    const b = new Set(shipped.fixed?.[key]);
    const onlyCandidate = [...a].filter((id) => !b.has(id)).length;
    const onlyShipped = [...b].filter((id) => !a.has(id)).length;
    return {
      candidate: a.size,
      shipped: b.size,
      onlyCandidate,
      onlyShipped,
      p: Number(mcnemar(onlyCandidate, onlyShipped).toPrecision(3)),
    };
  };
  const top1 = paired('top1');
  const top10 = paired('top10');
  const better = beats([top10.candidate, top1.candidate], [top10.shipped, top1.shipped]);
  console.error(
    `held-out (${candidate.heldout.measured} bugs) top-1 ${JSON.stringify(top1)}, top-10 ${JSON.stringify(top10)}: ${better ? 'better' : 'not better'}`,
  );
  process.exit(better ? 0 : 1);
}

main();
