// Prints the name of the best model of a side-by-side run on held-out executable bugs
// (executable.ts sample's summary): most bugs fixed exactly by some output, then exactly by
// the greedy output, then with any validated patch, then fewer plausible-but-different patches
// (possible false fixes). The shipped model stays unless a candidate is strictly better.
// Usage: node out/models/training/best.js COMPARE.json SHIPPED_NAME CANDIDATE_NAME...
import * as fs from 'node:fs';
import type { ModelSummary } from './records';
import { beats } from './gate';

const [compareFile, shipped, ...candidates] = process.argv.slice(2);
if (compareFile === undefined || shipped === undefined) {
  console.error('usage: best.js COMPARE.json SHIPPED_NAME CANDIDATE_NAME...');
  process.exit(2);
}
const summary = JSON.parse(fs.readFileSync(compareFile, 'utf8')) as Record<string, ModelSummary>;
const key = (name: string): number[] => {
  const s = summary[name];
  if (!s) throw new Error(`${compareFile} has no results for ${name}`);
  return [s.exactAny, s.exactTop1, s.validatedAny, -s.plausibleButDifferent];
};
let best = shipped;
for (const name of candidates) if (beats(key(name), key(best))) best = name;
console.error(candidates.map((name) => `${name}: ${key(name).join('/')}`).join(', ') + `; ${shipped}: ${key(shipped).join('/')}`);
console.log(best);
