import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { normalizeCode } from '../../src/core/generate/candidate';
import { templateCandidates, type TemplateOptions } from '../../src/core/generate/templates';
import { parsesCleanly } from '../../src/core/syntax/parser';
import type { Candidate, Failure, Suspect } from '../../src/core/types';
import { rankOfFix, suspectOver, templateCandidatesFor } from '../helpers/templates';

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

function candidatesFor(c: BugCase, options: TemplateOptions = {}): Promise<Candidate[]> {
  return templateCandidatesFor(c.buggy, c.function, { ...options, lines: c.lines });
}

function applyWithPatch(file: string, original: string, diff: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dd-templates-'));
  try {
    fs.writeFileSync(path.join(root, file), original);
    execFileSync('patch', ['-p1', '--batch', '--quiet'], { cwd: root, input: diff });
    return fs.readFileSync(path.join(root, file), 'utf8');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
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
  {
    name: 'max instead of min',
    kind: 'builtin-swap',
    function: 'smallest_gap',
    lines: [4],
    buggy: `def smallest_gap(xs):
    best = float('inf')
    for a, b in zip(xs, xs[1:]):
        best = max(best, b - a)
    return best
`,
    fixed: `def smallest_gap(xs):
    best = float('inf')
    for a, b in zip(xs, xs[1:]):
        best = min(best, b - a)
    return best
`,
  },
  {
    name: 'a missing return of a recursive call',
    kind: 'missing-return',
    function: 'gcd',
    lines: [4, 2],
    buggy: `def gcd(a, b):
    if b == 0:
        return a
    gcd(b, a % b)
`,
    fixed: `def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)
`,
  },
  {
    name: 'a missing return of the built list',
    kind: 'missing-return',
    function: 'squares',
    lines: [4, 3],
    buggy: `def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
`,
    fixed: `def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out
`,
  },
  {
    name: 'off-by-one in range(len(x) - 1)',
    kind: 'off-by-one',
    function: 'total',
    lines: [3, 4],
    buggy: `def total(xs):
    s = 0
    for i in range(len(xs) - 1):
        s += xs[i]
    return s
`,
    fixed: `def total(xs):
    s = 0
    for i in range(len(xs)):
        s += xs[i]
    return s
`,
  },
  {
    name: 'off-by-one in a slice bound',
    kind: 'off-by-one',
    function: 'prefix',
    lines: [2],
    buggy: `def prefix(xs, k):
    return xs[:k - 1]
`,
    fixed: `def prefix(xs, k):
    return xs[:k]
`,
  },
  {
    name: 'off-by-one on a literal start index',
    kind: 'off-by-one',
    function: 'running_max',
    lines: [3, 4],
    buggy: `def running_max(xs):
    best = xs[0]
    for i in range(0, len(xs)):
        best = max(best, xs[i])
    return best
`,
    fixed: `def running_max(xs):
    best = xs[0]
    for i in range(1, len(xs)):
        best = max(best, xs[i])
    return best
`,
  },
  {
    name: 'variable misuse: i where j was meant',
    kind: 'variable-misuse',
    function: 'bubble_sort',
    lines: [5, 6, 4],
    buggy: `def bubble_sort(xs):
    n = len(xs)
    for i in range(n):
        for j in range(n - i - 1):
            if xs[j] > xs[i + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
    return xs
`,
    fixed: `def bubble_sort(xs):
    n = len(xs)
    for i in range(n):
        for j in range(n - i - 1):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
    return xs
`,
  },
  {
    name: 'attribute misuse: self.result for self._result',
    kind: 'attribute-misuse',
    function: 'Accumulator.add',
    lines: [7],
    buggy: `class Accumulator:
    def __init__(self):
        self._result = 0
        self.count = 0

    def add(self, x):
        self.result = self._result + x
        self.count += 1
        return self._result
`,
    fixed: `class Accumulator:
    def __init__(self):
        self._result = 0
        self.count = 0

    def add(self, x):
        self._result = self._result + x
        self.count += 1
        return self._result
`,
  },
  {
    name: 'a forgotten self.',
    kind: 'attribute-misuse',
    function: 'Counter.bump',
    lines: [6],
    buggy: `class Counter:
    def __init__(self, step):
        self.step = step
        self.value = 0

    def bump(self):
        self.value += step
        return self.value
`,
    fixed: `class Counter:
    def __init__(self, step):
        self.step = step
        self.value = 0

    def bump(self):
        self.value += self.step
        return self.value
`,
  },
  {
    name: 'swapped call arguments',
    kind: 'swap-args',
    function: 'clamp_all',
    lines: [2],
    buggy: `def clamp_all(xs, lo, hi):
    return [clamp(x, hi, lo) for x in xs]


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x
`,
    fixed: `def clamp_all(xs, lo, hi):
    return [clamp(x, lo, hi) for x in xs]


def clamp(x, lo, hi):
    return lo if x < lo else hi if x > hi else x
`,
  },
  {
    name: 'swapped operands of -',
    kind: 'swap-operands',
    function: 'span',
    lines: [2],
    buggy: `def span(xs):
    return min(xs) - max(xs)
`,
    fixed: `def span(xs):
    return max(xs) - min(xs)
`,
  },
  {
    name: 'dot access where a key was meant',
    kind: 'dot-bracket',
    function: 'names',
    lines: [2],
    buggy: `def names(rows):
    return [row.name for row in rows]
`,
    fixed: `def names(rows):
    return [row['name'] for row in rows]
`,
  },
  {
    name: 'get instead of pop',
    kind: 'method-swap',
    function: 'take',
    lines: [2],
    buggy: `def take(options, key):
    value = options.get(key, None)
    return value, options
`,
    fixed: `def take(options, key):
    value = options.pop(key, None)
    return value, options
`,
  },
  {
    name: 'a return value wrapped in a list',
    kind: 'return-wrap',
    function: 'head',
    lines: [2],
    buggy: `def head(xs):
    return [xs[0]]
`,
    fixed: `def head(xs):
    return xs[0]
`,
  },
  {
    name: 'the wrong exception class',
    kind: 'exception-type',
    function: 'lookup',
    lines: [3, 2],
    buggy: `def lookup(table, key):
    if key not in table:
        raise IndexError(key)
    return table[key]
`,
    fixed: `def lookup(table, key):
    if key not in table:
        raise KeyError(key)
    return table[key]
`,
  },
  {
    name: 'a deleted break',
    kind: 'break-continue',
    function: 'first_negative',
    lines: [4, 5],
    buggy: `def first_negative(xs):
    found = None
    for x in xs:
        if x < 0:
            found = x
    return found
`,
    fixed: `def first_negative(xs):
    found = None
    for x in xs:
        if x < 0:
            found = x
            break
    return found
`,
  },
  {
    name: 'an extra statement',
    kind: 'delete-statement',
    function: 'normalized',
    lines: [3, 2],
    buggy: `def normalized(xs):
    total = sum(xs)
    xs.sort()
    return [x / total for x in xs]
`,
    fixed: `def normalized(xs):
    total = sum(xs)
    return [x / total for x in xs]
`,
  },
  {
    name: 'a missing None guard',
    kind: 'missing-guard',
    function: 'length',
    lines: [2],
    buggy: `def length(xs):
    return len(xs)
`,
    fixed: `def length(xs):
    if xs is None:
        return None
    return len(xs)
`,
  },
  {
    name: 'a missing recursive call',
    kind: 'missing-call',
    function: 'quicksort',
    lines: [7],
    buggy: `def quicksort(items):
    if len(items) <= 1:
        return list(items)
    pivot, rest = items[0], items[1:]
    smaller = [x for x in rest if x < pivot]
    larger = [x for x in rest if x >= pivot]
    return quicksort(smaller) + [pivot] + larger
`,
    fixed: `def quicksort(items):
    if len(items) <= 1:
        return list(items)
    pivot, rest = items[0], items[1:]
    smaller = [x for x in rest if x < pivot]
    larger = [x for x in rest if x >= pivot]
    return quicksort(smaller) + [pivot] + quicksort(larger)
`,
  },
  {
    name: 'a loop running upwards instead of downwards',
    kind: 'reversed-iteration',
    function: 'knapsack',
    lines: [4, 5],
    buggy: `def knapsack(capacity, items):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for room in range(weight, capacity + 1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]
`,
    fixed: `def knapsack(capacity, items):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for room in range(capacity, weight - 1, -1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]
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

  it('every candidate of every case parses and its diff applies with patch -p1', async () => {
    for (const c of cases) {
      for (const candidate of await candidatesFor(c)) {
        assert.ok(await parsesCleanly(candidate.newFileText), `${c.name}: ${candidate.summary}`);
      }
    }
    const candidates = await candidatesFor(cases.find((c) => c.kind === 'missing-guard')!);
    for (const candidate of candidates) {
      assert.equal(
        applyWithPatch(candidate.file, cases.find((c) => c.kind === 'missing-guard')!.buggy, candidate.diff),
        candidate.newFileText,
      );
    }
  });

  it('keeps CRLF line endings in inserted and deleted lines', async () => {
    const c = cases.find((x) => x.name === 'a missing return of the built list')!;
    const crlf = { ...c, buggy: c.buggy.replace(/\n/g, '\r\n'), fixed: c.fixed.replace(/\n/g, '\r\n') };
    const candidates = await candidatesFor(crlf);
    assert.ok(candidates.some((x) => x.editKind === 'missing-return'));
    assert.ok(candidates.some((x) => x.editKind === 'delete-statement'));
    for (const candidate of candidates) assert.doesNotMatch(candidate.newFileText, /[^\r]\n/, candidate.summary);
    const fix = candidates.find((x) => x.newFileText === crlf.fixed);
    assert.ok(fix, 'the fix is not byte-identical with CRLF endings');
    assert.equal(applyWithPatch(fix.file, crlf.buggy, fix.diff), crlf.fixed);
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

  it('edits at ranked lines come before the same kinds of edits at unranked lines', async () => {
    const candidates = await candidatesFor(sample); // lines 5 then 3 are ranked
    assert.match(candidates[0]!.summary, /^line 5: /);
    const local = new Set(['compare-op', 'arith-op', 'off-by-one', 'variable-misuse']);
    const ranked = candidates.map((c) => (local.has(c.editKind) ? /^line [35]: /.test(c.summary) : null));
    const lastRanked = ranked.lastIndexOf(true);
    const firstUnranked = ranked.indexOf(false);
    assert.ok(lastRanked > 0 && firstUnranked > lastRanked, 'an edit at an unranked line came before a ranked one');
  });

  it('skips test files unless allowed', async () => {
    const suspect = { ...(await suspectOver(sample.buggy, sample.function, [])), file: 'tests/test_algo.py' };
    assert.equal((await templateCandidates([suspect], async () => sample.buggy, {})).length, 0);
    assert.ok((await templateCandidates([suspect], async () => sample.buggy, { allowTestEdits: true })).length > 0);
    const custom = await templateCandidates([{ ...suspect, file: 'algo.py' }], async () => sample.buggy, {
      isTestFile: (file) => file === 'algo.py',
    });
    assert.equal(custom.length, 0);
  });

  it('skips files it cannot read and scales scores by suspect score', async () => {
    const strong = await suspectOver(sample.buggy, sample.function, [5], 'a.py');
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

describe('templates: regions and scopes', () => {
  const source = `LIMIT = 10


class Shape:
    @staticmethod
    def scaled(n, k):
        return [k] * n


def outer(xs):
    def inner(y):
        return y + LIMIT
    return [inner(x) for x in xs]


total = sum(i for i in range(LIMIT - 1))
`;

  it('a module-level suspect substitutes module-level names only', async () => {
    const suspect: Suspect = { file: 'm.py', function: '<module>', startLine: 16, endLine: 16, score: 1, reasons: [], lines: [] };
    const candidates = await templateCandidates([suspect], async () => source, {});
    const misuse = candidates.filter((c) => c.editKind === 'variable-misuse').map((c) => c.summary);
    assert.ok(misuse.includes('line 16: `LIMIT` → `total`'), misuse.join('\n'));
    assert.ok(
      misuse.every((m) => !/→ `(?:n|k|xs|x|y|self)`$/.test(m)),
      misuse.join('\n'),
    );
    assert.ok(candidates.some((c) => c.summary === 'line 16: `LIMIT - 1` → `LIMIT`'));
    assert.ok(candidates.every((c) => c.newFunctionText.split('\n').length === 1));
  });

  it('never touches decorators and keeps them in the replaced text', async () => {
    const suspect = await suspectOver(source, 'Shape.scaled', [7]);
    assert.equal(suspect.startLine, 5);
    const candidates = await templateCandidates([suspect], async () => source, {});
    assert.ok(candidates.length > 0);
    for (const c of candidates) assert.match(c.newFunctionText, /^ {4}@staticmethod\n/);
    assert.ok(candidates.some((c) => c.editKind === 'variable-misuse' && c.summary === 'line 7: `k` → `n`'));
  });

  it('a nested function calls itself, not its parent, when a call is missing', async () => {
    const nested = await templateCandidates(
      [{ file: 'm.py', function: 'outer.<locals>.inner', startLine: 11, endLine: 12, score: 1, reasons: [], lines: [] }],
      async () => source,
      {},
    );
    const calls = nested.filter((c) => c.editKind === 'missing-call').map((c) => c.summary);
    assert.ok(calls.includes('line 12: `y` → `inner(y)`'), calls.join('\n'));
    assert.ok(calls.every((c) => !c.includes('outer(')));
    const parent = await templateCandidates([await suspectOver(source, 'outer', [])], async () => source, {});
    assert.ok(parent.every((c) => !c.summary.includes('`outer(y)`')));
  });
});

describe('templates: evidence from the failure', () => {
  const source = `def pick(xs, k):
    return xs[k]
`;

  it('guards the parameter the failing frame showed as None first', async () => {
    const suspect = await suspectOver(source, 'pick', [2]);
    const failure: Failure = {
      nodeid: 'test_pick.py::test_none',
      kind: 'test',
      exception: 'TypeError',
      message: "'NoneType' object is not subscriptable",
      longrepr: '',
      frames: [{ file: 'algo.py', line: 2, function: 'pick', locals: { xs: 'None', k: '0' }, inWorkspace: true }],
    };
    // The exception-guard family proposes the same guard from the TypeError (one candidate, its kind).
    const guards = (await templateCandidates([suspect], async () => source, { failures: [failure] })).filter(
      (c) => c.editKind === 'missing-guard' || c.editKind === 'exception-guard',
    );
    assert.match(guards[0]!.summary, /`if xs is None: return None`/);
    const byParam = (p: string) => guards.find((c) => c.summary.includes(`if ${p} is None`))!.score;
    assert.ok(byParam('xs') > 5 * byParam('k'));
    const blind = (await templateCandidates([suspect], async () => source, {})).filter((c) => c.editKind === 'missing-guard');
    assert.equal(
      blind.find((c) => c.summary.includes('if xs is None'))!.score,
      blind.find((c) => c.summary.includes('if k is None'))!.score,
    );
  });
});
