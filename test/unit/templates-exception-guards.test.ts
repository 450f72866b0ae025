import * as assert from 'node:assert/strict';
import type { Candidate, Failure, Frame } from '../../src/core/types';
import { assertFunctionFixAmong, assertOtherUntouched, firstFunctionCandidates } from '../helpers/templates';

// exception-guard: the failing test's exception left the suspect at a line, and the guard that
// handles that input belongs before the statement. Each case is a buggy function followed by
// an untouched one that raises the same way (outside the suspect), the failure as the plugin
// reports it, and the fix a developer would write; the suspect covers the first function only.

const KINDS = new Set(['exception-guard']);

const OTHER = `def other(xs, n):
    total = sum(xs) / n
    return xs[0], total
`;

function failure(exception: string, message: string, frame: Omit<Frame, 'file' | 'inWorkspace'>): Failure {
  return {
    nodeid: `test_algo.py::test_${exception.toLowerCase()}`,
    kind: 'test',
    exception,
    message,
    longrepr: '',
    frames: [
      { file: 'test_algo.py', line: 5, function: 'test_it', locals: {}, inWorkspace: true },
      { file: 'algo.py', inWorkspace: true, ...frame },
    ],
  };
}

interface GuardCase {
  name: string;
  buggy: string;
  fixed: string;
  failure: Failure;
  /** The fix's rank among the family's candidates must be at most this. */
  rank: number;
}

const cases: GuardCase[] = [
  {
    name: 'ZeroDivisionError on len(xs): test the list, return what the docstring names',
    buggy: `def mean(xs):
    """Arithmetic mean; 0.0 for an empty list."""
    return sum(xs) / len(xs)
`,
    fixed: `def mean(xs):
    """Arithmetic mean; 0.0 for an empty list."""
    if not xs:
        return 0.0
    return sum(xs) / len(xs)`,
    failure: failure('ZeroDivisionError', 'division by zero', { line: 3, function: 'mean', locals: { xs: '[]' } }),
    rank: 1,
  },
  {
    name: 'ZeroDivisionError on a name: compare it with zero',
    buggy: `def share(part, whole):
    """Part of whole in percent; None when whole is zero."""
    return 100 * part / whole
`,
    fixed: `def share(part, whole):
    """Part of whole in percent; None when whole is zero."""
    if whole == 0:
        return None
    return 100 * part / whole`,
    failure: failure('ZeroDivisionError', 'division by zero', { line: 3, function: 'share', locals: { part: '3', whole: '0' } }),
    rank: 1,
  },
  {
    name: 'IndexError on a local, returning the empty value of what the function returns elsewhere',
    buggy: `def head_and_rest(line):
    words = line.split()
    return words[0].lower(), words[1:]
`,
    fixed: `def head_and_rest(line):
    words = line.split()
    if not words:
        return "", []
    return words[0].lower(), words[1:]`,
    failure: failure('IndexError', 'list index out of range', { line: 3, function: 'head_and_rest', locals: { line: "''", words: '[]' } }),
    rank: 2,
  },
  {
    name: 'AttributeError on None: test the object for None',
    buggy: `def year(title):
    """The four-digit year in title, or None."""
    match = YEAR.search(title)
    return int(match.group(0))
`,
    fixed: `def year(title):
    """The four-digit year in title, or None."""
    match = YEAR.search(title)
    if match is None:
        return None
    return int(match.group(0))`,
    failure: failure('AttributeError', "'NoneType' object has no attribute 'group'", {
      line: 4,
      function: 'year',
      locals: { title: "'Untitled'", match: 'None' },
    }),
    rank: 1,
  },
  {
    name: 'TypeError on None inside a loop: skip the item',
    buggy: `def total(prices):
    result = 0
    for price in prices:
        result += price
    return result
`,
    fixed: `def total(prices):
    result = 0
    for price in prices:
        if price is None:
            continue
        result += price
    return result`,
    failure: failure('TypeError', "unsupported operand type(s) for +=: 'int' and 'NoneType'", {
      line: 4,
      function: 'total',
      locals: { prices: '[1, None]', result: '1', price: 'None' },
    }),
    rank: 1,
  },
  {
    name: 'KeyError: a lookup with the fallback parameter as its default',
    buggy: `def option(options, name, default):
    return options[name]
`,
    fixed: `def option(options, name, default):
    return options.get(name, default)`,
    failure: failure('KeyError', "'mode'", { line: 2, function: 'option', locals: { options: '{}', name: "'mode'", default: "'fast'" } }),
    rank: 1,
  },
  {
    name: 'ValueError from max() of an empty sequence: test its argument',
    buggy: `def peak(counts):
    """The largest count; None when there are none."""
    top = max(counts)
    return top
`,
    fixed: `def peak(counts):
    """The largest count; None when there are none."""
    if not counts:
        return None
    top = max(counts)
    return top`,
    failure: failure('ValueError', 'max() arg is an empty sequence', { line: 3, function: 'peak', locals: { counts: '[]' } }),
    rank: 1,
  },
];

function guardCandidates(buggy: string, failures: Failure[]): Promise<Candidate[]> {
  return firstFunctionCandidates(buggy, OTHER, KINDS, { failures });
}

describe('templates: exception-guard', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const candidates = await guardCandidates(c.buggy, [c.failure]);
      const rank = candidates.indexOf(assertFunctionFixAmong(candidates, c.fixed)) + 1;
      assert.ok(rank <= c.rank, `the fix ranks ${rank}:\n${candidates.map((x) => x.summary).join('\n')}`);
      assertOtherUntouched(candidates, OTHER);
      assert.ok(candidates.length <= 30, `${candidates.length} guard candidates`);
    });
  }

  it('proposes nothing without an exception that left the suspect', async () => {
    const mean = cases[0]!;
    const asserted: Failure = { ...mean.failure, exception: 'AssertionError', message: 'assert 1.5 == 2.0' };
    const elsewhere: Failure = { ...mean.failure, frames: [{ ...mean.failure.frames[1]!, file: 'other.py' }] };
    assert.deepEqual(await guardCandidates(mean.buggy, [asserted]), []);
    assert.deepEqual(await guardCandidates(mean.buggy, [elsewhere]), []);
    assert.deepEqual(await guardCandidates(mean.buggy, []), []);
  });

  it("leaves a nested function's raise site to that function", async () => {
    const buggy = `def outer(rows):
    @staticmethod
    def first(row):
        return row[0]

    return [first(r) for r in rows]
`;
    const nested = failure('IndexError', 'list index out of range', { line: 4, function: 'outer.<locals>.first', locals: { row: '[]' } });
    assert.deepEqual(await guardCandidates(buggy, [nested]), []);
  });

  it('prefers the raise site over a frame that only passed the exception on', async () => {
    const buggy = `def first_word(line):
    words = line.split()
    return words[0]
`;
    const raisedHere = failure('IndexError', 'list index out of range', { line: 3, function: 'first_word', locals: { words: '[]' } });
    const passedOn: Failure = {
      ...raisedHere,
      frames: [...raisedHere.frames, { file: 'helpers.py', line: 9, function: 'pick', locals: {}, inWorkspace: true }],
    };
    const [here, on] = await Promise.all([guardCandidates(buggy, [raisedHere]), guardCandidates(buggy, [passedOn])]);
    assert.equal(here[0]!.summary, on[0]!.summary);
    assert.ok(here[0]!.score > on[0]!.score);
  });
});
