// Whether each bug kind of extract_bugs.py is the inverse of a template family: the product's
// template search (src/core/generate/templates) runs on a bug's buggy function, with the changed
// lines as the suspicious ones (as a perfect localizer would say), and the original function is
// looked for among its first candidates. check-inverse.ts reports it on a training sample; a
// unit test holds it on a fixed corpus.
import * as fs from 'node:fs';
import { templateStream } from '../../src/core/generate/templates';
import type { Suspect } from '../../src/core/types';
import type { SyntheticBug } from './records';

/** One kind's results: how many bugs, how many the search undid, how many by the kind's own family, at which ranks. */
export interface KindRow {
  bugs: number;
  proposed: number;
  bySameKind: number;
  ranks: number[];
  /** The candidates' edit kinds that gave the original back, counted. */
  families: Record<string, number>;
  /** The bugs whose original was not proposed, as "file::function". */
  missed: string[];
  /** Bugs the search threw on. */
  errors?: number;
}

export interface InverseReport {
  total: Pick<KindRow, 'bugs' | 'proposed' | 'bySameKind'>;
  byKind: Record<string, KindRow>;
}

export interface InverseOptions {
  /** Bugs looked at per kind: the first ones of each. */
  perKind: number;
  /** Candidates looked at per bug. */
  maxCandidates: number;
  /** Only these kinds (default: all). */
  kinds?: ReadonlySet<string>;
  /** Told each kind's row as it is done (the script's progress). */
  onKind?: (kind: string, row: KindRow) => void;
}

/** The bug's function in the original file: its suspect, with the changed lines (buggy numbering) as the suspicious ones. */
function suspectOf(bug: SyntheticBug, fixed: readonly string[], buggy: readonly string[]): Suspect {
  let prefix = 0;
  while (prefix < Math.min(fixed.length, buggy.length) && fixed[prefix] === buggy[prefix]) prefix++;
  let suffix = 0;
  while (suffix < Math.min(fixed.length, buggy.length) - prefix && fixed.at(-1 - suffix) === buggy.at(-1 - suffix)) suffix++;
  const endLine = bug.startLine + buggy.length - 1;
  const first = bug.startLine + prefix;
  const last = Math.max(first, endLine - suffix);
  const lines: Suspect['lines'] = [];
  for (let line = first; line <= Math.min(last, endLine); line++) lines.push({ line, score: 1 });
  // A deletion at the function's end changes no line of the buggy function: its last line then.
  if (lines.length === 0) lines.push({ line: Math.min(first, endLine), score: 1 });
  return { file: bug.file, function: bug.function, startLine: bug.startLine, endLine, score: 1, reasons: [], lines };
}

/** Where the search proposes the bug's original function among its first `maxCandidates`: the rank and the candidate's edit kind, or null. */
export async function findOriginal(
  bug: SyntheticBug,
  originalText: string,
  maxCandidates: number,
): Promise<{ rank: number; editKind: string } | null> {
  const original = originalText.split('\n');
  const buggy = bug.buggy.split('\n');
  const source = [...original.slice(0, bug.startLine - 1), ...buggy, ...original.slice(bug.endLine)].join('\n');
  const suspect = suspectOf(bug, original.slice(bug.startLine - 1, bug.endLine), buggy);
  const want = originalText.replace(/\n$/, '');
  const stream = await templateStream([suspect], async (file) => (file === bug.file ? source : null), {});
  for (let rank = 1; rank <= maxCandidates; rank++) {
    const candidate = await stream.next();
    if (!candidate) break;
    if (candidate.newFileText.replace(/\n$/, '') === want) return { rank, editKind: candidate.editKind };
  }
  return null;
}

/** The search on the first `perKind` bugs of each kind (kinds in name order), each bug's original read from its `path`. */
export async function checkKinds(bugs: readonly SyntheticBug[], options: InverseOptions): Promise<InverseReport> {
  const byKind = new Map<string, SyntheticBug[]>();
  for (const bug of bugs) {
    if (options.kinds && !options.kinds.has(bug.kind)) continue;
    const sample = byKind.get(bug.kind) ?? [];
    if (sample.length < options.perKind) sample.push(bug);
    byKind.set(bug.kind, sample);
  }
  const report: InverseReport = { total: { bugs: 0, proposed: 0, bySameKind: 0 }, byKind: {} };
  for (const [kind, sample] of [...byKind.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const row: KindRow = (report.byKind[kind] = { bugs: 0, proposed: 0, bySameKind: 0, ranks: [], families: {}, missed: [] });
    for (const bug of sample) {
      row.bugs++;
      try {
        const found = await findOriginal(bug, fs.readFileSync(bug.path, 'utf8'), options.maxCandidates);
        if (!found) {
          row.missed.push(`${bug.file}::${bug.function}`);
          continue;
        }
        row.proposed++;
        row.ranks.push(found.rank);
        row.families[found.editKind] = (row.families[found.editKind] ?? 0) + 1;
        // A pair of edits is named "a+b".
        if (found.editKind.split('+').includes(kind)) row.bySameKind++;
      } catch {
        row.errors = (row.errors ?? 0) + 1;
      }
    }
    report.total.bugs += row.bugs;
    report.total.proposed += row.proposed;
    report.total.bySameKind += row.bySameKind;
    options.onKind?.(kind, row);
  }
  return report;
}
