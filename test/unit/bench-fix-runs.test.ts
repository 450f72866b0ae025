import { strict as assert } from 'node:assert';
import { isExactFix, median, scoreRun, summarize, type FixRun } from '../../bench/lib/fix-runs';
import { barChart, stepChart } from '../../bench/lib/svg-chart';
import type { FixReport, ValidatedPatch } from '../../src/core/types';

const FIXED = 'def last(xs):\n    return xs[len(xs) - 1]';
const bug = { id: 'demo/last', kind: 'off-by-one', function: 'last', fixedFunction: FIXED };

function fileWith(body: string): string {
  return `import os\n\n\n${body}\n\n\ndef other():\n    return 1\n`;
}

function patch(newFileText: string): ValidatedPatch {
  return { newFileText, function: 'last', editKind: 'off-by-one' } as ValidatedPatch;
}

function run(patches: ValidatedPatch[], timeToFirstFixMs: number | null): FixRun {
  const report = {
    patches,
    model: { name: null, device: null, note: 'no model shipped' },
    stats: { candidatesGenerated: 9, candidatesValidated: 4, elapsedMs: 1000, timeToFirstFixMs },
  } as unknown as FixReport;
  return { exitCode: patches.length ? 0 : 1, report, wallMs: 1200, peakRssMb: 80, stderrTail: '' };
}

describe('bench fix-runs scoring', () => {
  it('counts a patch as exact when the function equals the original up to spacing and comments', async () => {
    assert.equal(await isExactFix(bug, fileWith('def last(xs):\n    # the end\n    return xs[len(xs)-1]')), true);
    assert.equal(await isExactFix(bug, fileWith('def last(xs):\n    return xs[-1]')), false);
    assert.equal(await isExactFix(bug, 'def first(xs):\n    return xs[0]\n'), false);
  });

  it('tells apart functions that share a qualname by their line', async () => {
    const getter = 'class C:\n    @property\n    def x(self):\n        return self._x\n';
    const setter = '    @x.setter\n    def x(self, value):\n        self._x = value\n';
    const fixedSetter = { id: 'demo/x', kind: 'negation', function: 'C.x', fixedFunction: setter, startLine: 6 };
    const file = `${getter}\n${setter}`;
    assert.equal(await isExactFix(fixedSetter, file), true);
    assert.equal(await isExactFix({ ...fixedSetter, startLine: 2 }, file), false);
  });

  it('scores the best patch for top-1 and any patch for top-k, and flags a plausible non-exact best patch', async () => {
    const plausible = patch(fileWith('def last(xs):\n    return xs[-1]'));
    const exact = patch(fileWith(FIXED));
    const result = await scoreRun(bug, 'templates', run([plausible, exact], 2500));
    assert.equal(result.fixed, true);
    assert.equal(result.exactTop1, false);
    assert.equal(result.exactAny, true);
    assert.equal(result.plausibleNotExact, true);
    assert.equal(result.bestPatch, 'last off-by-one');
    assert.equal(result.modelNote, 'no model: no model shipped');
    const none = await scoreRun(bug, 'model', run([], null));
    assert.deepEqual([none.fixed, none.exactAny, none.plausibleNotExact], [false, false, false]);
    assert.deepEqual(
      [none.localizedMs, none.poolReadyMs, none.firstCandidateMs],
      [null, null, null],
      'a report without a timeline (an older build)',
    );
  });

  it("reads the timeline's key points: localization's end, the validator ready, the first candidate", async () => {
    const timed = run([], null);
    timed.report!.stats.timeline = [
      { step: 'first-run', startMs: 0, endMs: 900 },
      { step: 'localize', startMs: 900, endMs: 950 },
      { step: 'pool-start', startMs: 950, endMs: 2400 },
      { step: 'first-candidate', startMs: 2600, endMs: 2600 },
    ];
    const result = await scoreRun(bug, 'templates', timed);
    assert.deepEqual([result.localizedMs, result.poolReadyMs, result.firstCandidateMs], [950, 2400, 2600]);
  });

  it('summarizes medians over fixed runs only', async () => {
    const results = [
      await scoreRun(bug, 'templates', run([patch(fileWith(FIXED))], 1000)),
      await scoreRun(bug, 'templates', run([patch(fileWith(FIXED))], 3000)),
      await scoreRun(bug, 'templates', run([], null)),
    ];
    const summary = summarize(results);
    assert.deepEqual([summary.bugs, summary.fixed, summary.exactTop1, summary.medianFirstFixMs], [3, 2, 2, 2000]);
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([]), null);
  });
});

describe('bench svg charts', () => {
  it('draws one path per series ending at its last count, and one bar per category and series', () => {
    const steps = stepChart('t', 'x', 'y', 60, 10, [
      {
        name: 'templates',
        points: [
          [5, 1],
          [20, 4],
        ],
      },
      { name: 'model', points: [] },
    ]);
    assert.equal(steps.match(/<path /g)?.length, 2);
    assert.match(steps, />4<\/text>/);
    const bars = barChart(
      'k',
      'bugs',
      ['compare-op', 'arith-op', 'negation'],
      [
        { name: 'bugs', values: [3, 2, 1] },
        { name: 'fixed', values: [1, 0, 1] },
      ],
    );
    assert.equal(bars.match(/<rect x=/g)?.length, 3 * 2 + 2); // bars plus two legend swatches
    assert.match(bars, /compare-op, fixed: 1/);
  });
});
