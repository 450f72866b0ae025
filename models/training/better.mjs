// Exit status 0 when a candidate's held-out results (evaluate.mjs) beat the shipped model's:
// more exact fixes in the top 10 with skeleton context, or as many and more in the top 1.
// A missing shipped result (no model evaluated on this held-out set yet) counts as beaten.
// Usage: node models/training/better.mjs CANDIDATE_EVAL.json SHIPPED_EVAL.json
import * as fs from 'node:fs';

const [candidateFile, shippedFile] = process.argv.slice(2);
const candidate = JSON.parse(fs.readFileSync(candidateFile, 'utf8')).skeleton;
if (!fs.existsSync(shippedFile)) process.exit(0);
const shipped = JSON.parse(fs.readFileSync(shippedFile, 'utf8')).skeleton;
const better = candidate.top10 > shipped.top10 || (candidate.top10 === shipped.top10 && candidate.top1 > shipped.top1);
console.error(`held-out top-1/top-10: candidate ${candidate.top1}/${candidate.top10}, shipped ${shipped.top1}/${shipped.top10}`);
process.exit(better ? 0 : 1);
