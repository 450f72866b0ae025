import * as assert from 'node:assert/strict';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates, type TemplateOptions } from '../../src/core/generate/templates';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsesCleanly } from '../../src/core/syntax/parser';
import type { Candidate, Suspect } from '../../src/core/types';

// Each case is a one-bug function and its intended fix. `lines` are the ranked suspicious
// lines (best first), as a localizer would give them; empty means "no line ranking".

interface BugCase {
  name: string;
  buggy: string;
  fixed: string;
  function: string;
  lines: number[];
  kind: string;
}

async function suspectFor(source: string, qualname: string, lines: number[], file = 'algo.py'): Promise<Suspect> {
  const fn = (await listFunctions(source)).find((f) => f.qualname === qualname);
  assert.ok(fn, `no function ${qualname}`);
  return {
    file,
    function: qualname,
    startLine: fn.startLine,
    endLine: fn.endLine,
    score: 1,
    reasons: ['test'],
    lines: lines.map((line, i) => ({ line, score: 1 / (i + 1) })),
  };
}

async function candidatesFor(c: BugCase, options: TemplateOptions = {}): Promise<Candidate[]> {
  const suspect = await suspectFor(c.buggy, c.function, c.lines);
  return templateCandidates([suspect], async () => c.buggy, options);
}

/** 1-based rank of the candidate whose file equals the fix (normalized), or 0 when absent. */
function rankOfFix(candidates: Candidate[], fixed: string): number {
  const want = normalizeCode(fixed);
  return candidates.findIndex((c) => normalizeCode(c.newFileText) === want) + 1;
}

export const ranks: { name: string; kind: string; rank: number; total: number }[] = [];

export async function expectFix(c: BugCase, options: TemplateOptions = {}): Promise<Candidate> {
  const candidates = await candidatesFor(c, options);
  const rank = rankOfFix(candidates, c.fixed);
  ranks.push({ name: c.name, kind: c.kind, rank, total: candidates.length });
  assert.ok(rank > 0, `${c.name}: the fix is not among ${candidates.length} candidates`);
  const fix = candidates[rank - 1]!;
  assert.equal(fix.editKind, c.kind);
  return fix;
}

const cases: BugCase[] = [
  {
    name: 'binary search compares with < instead of <=',
    kind: 'compare-op',
    function: 'bisect_right',
    lines: [5, 3],
    buggy: `def bisect_right(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
`,
    fixed: `def bisect_right(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo
`,
  },
  {
    name: 'and instead of or',
    kind: 'bool-op',
    function: 'is_edge',
    lines: [2],
    buggy: `def is_edge(i, n):
    return i == 0 and i == n - 1
`,
    fixed: `def is_edge(i, n):
    return i == 0 or i == n - 1
`,
  },
  {
    name: 'is instead of is not',
    kind: 'identity-op',
    function: 'first_present',
    lines: [3],
    buggy: `def first_present(values):
    for v in values:
        if v is None:
            return v
    return None
`,
    fixed: `def first_present(values):
    for v in values:
        if v is not None:
            return v
    return None
`,
  },
  {
    name: 'augmented -= instead of +=',
    kind: 'augmented-op',
    function: 'total',
    lines: [],
    buggy: `def total(xs):
    s = 0
    for x in xs:
        s -= x
    return s
`,
    fixed: `def total(xs):
    s = 0
    for x in xs:
        s += x
    return s
`,
  },
  {
    name: 'a missing not',
    kind: 'negation',
    function: 'evens',
    lines: [4],
    buggy: `def evens(xs):
    out = []
    for x in xs:
        if x % 2:
            out.append(x)
    return out
`,
    fixed: `def evens(xs):
    out = []
    for x in xs:
        if not x % 2:
            out.append(x)
    return out
`,
  },
];

describe('templates: the intended fix is among the candidates', () => {
  for (const c of cases) {
    it(c.name, async () => {
      await expectFix(c);
    });
  }

  after(() => {
    // The rank of each intended fix: how soon validation would reach it.
    for (const r of ranks) console.log(`      rank ${r.rank}/${r.total}  ${r.kind.padEnd(18)} ${r.name}`);
  });
});

describe('templates: candidate set properties', () => {
  const sample = cases[0]!;

  it('every candidate parses, changes the code, and they come ordered by score', async () => {
    const candidates = await candidatesFor(sample);
    assert.ok(candidates.length > 10);
    for (const c of candidates) {
      assert.ok(await parsesCleanly(c.newFileText), c.summary);
      assert.notEqual(normalizeCode(c.newFileText), normalizeCode(sample.buggy));
      assert.equal(c.source, 'template');
      assert.match(c.summary, /^line \d+: /);
    }
    for (let i = 1; i < candidates.length; i++) assert.ok(candidates[i - 1]!.score >= candidates[i]!.score);
    const keys = new Set(candidates.map((c) => normalizeCode(c.newFunctionText)));
    assert.equal(keys.size, candidates.length, 'duplicates survived');
  });

  it('respects maxCandidates and keeps the best ones', async () => {
    const all = await candidatesFor(sample);
    const few = await candidatesFor(sample, { maxCandidates: 3 });
    assert.equal(few.length, 3);
    assert.deepEqual(
      few.map((c) => c.summary),
      all.slice(0, 3).map((c) => c.summary),
    );
  });

  it('ranked lines come before unranked ones', async () => {
    const candidates = await candidatesFor(sample);
    assert.match(candidates[0]!.summary, /^line 5: /);
    const firstUnranked = candidates.findIndex((c) => !/^line [35]: /.test(c.summary));
    const lastRanked = candidates.map((c) => /^line [35]: /.test(c.summary)).lastIndexOf(true);
    assert.ok(firstUnranked > lastRanked, 'an unranked line came before a ranked one');
  });

  it('skips test files unless allowed', async () => {
    const suspect = { ...(await suspectFor(sample.buggy, sample.function, [])), file: 'tests/test_algo.py' };
    assert.equal((await templateCandidates([suspect], async () => sample.buggy, {})).length, 0);
    assert.ok((await templateCandidates([suspect], async () => sample.buggy, { allowTestEdits: true })).length > 0);
    const custom = await templateCandidates([{ ...suspect, file: 'algo.py' }], async () => sample.buggy, {
      isTestFile: (file) => file === 'algo.py',
    });
    assert.equal(custom.length, 0);
  });

  it('skips files it cannot read and scales scores by suspect score', async () => {
    const strong = await suspectFor(sample.buggy, sample.function, [5], 'a.py');
    const weak = { ...strong, file: 'b.py', score: 0.5 };
    const missing = { ...strong, file: 'gone.py' };
    const read = async (file: string) => (file === 'gone.py' ? null : sample.buggy);
    const candidates = await templateCandidates([weak, missing, strong], read, {});
    assert.equal(candidates[0]!.file, 'a.py');
    assert.ok(candidates.every((c) => c.file !== 'gone.py'));
    const bestWeak = candidates.find((c) => c.file === 'b.py')!;
    assert.equal(bestWeak.score, candidates[0]!.score / 2);
  });
});
