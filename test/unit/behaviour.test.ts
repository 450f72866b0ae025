import * as assert from 'node:assert/strict';
import { parseArgs } from '../../src/cli/args';
import { compareBehaviour } from '../../src/core/behaviour/compare';
import { recordPlan } from '../../src/core/behaviour/record';
import { answerTest, chooseAnswer, disagreementOf, presented } from '../../src/core/behaviour/disagreement';
import type { ReplayInput } from '../../src/core/behaviour/replay';
import { confidenceText } from '../../src/core/behaviour/words';
import { rankValidated } from '../../src/core/review/ranking';
import type { FixReport, PatchBehaviour, ValidatedPatch } from '../../src/core/types';
import type { CallOutcome } from '../../src/core/wire';
import { usageErrorOf } from '../helpers/usage';

// The pure parts of src/core/behaviour/: comparing replays, the words, the test an answer
// gets, and the user's choice re-ranking the patches.

const returned = (value: string, extra: Partial<CallOutcome> = {}): CallOutcome => ({
  status: 'returned',
  digest: `d${value}`,
  shown: value,
  literal: value,
  ...extra,
});

function input(kind: ReplayInput['kind'], shown: string, extra: Partial<ReplayInput> = {}): ReplayInput {
  return { kind, target: 0, call: { args: '', shown, literal: shown.slice(shown.indexOf('(') + 1, -1) }, ...extra };
}

/** The unpatched code's outcomes, each input twice (as replayAll asks for them). */
const twice = (outcomes: CallOutcome[]): CallOutcome[] => [...outcomes, ...outcomes];

function patch(summary: string, extra: Partial<ValidatedPatch> = {}): ValidatedPatch {
  return {
    kind: 'candidate',
    file: 'm.py',
    function: 'f',
    startLine: 1,
    endLine: 2,
    newFunctionText: '',
    newFileText: summary,
    diff: '+x\n',
    source: 'template',
    editKind: 'compare-op',
    summary,
    score: 0.5,
    validation: { failingFixed: 1, failingTotal: 1, suitePassed: 1, suiteTotal: 1 },
    baseSha256: '',
    ...extra,
  };
}

const behaviour = (extra: Partial<PatchBehaviour> = {}): PatchBehaviour => ({
  kept: 3,
  changed: [],
  newInputs: 5,
  agreesOn: 5,
  others: 1,
  asBefore: 0,
  crashes: [],
  group: 0,
  ...extra,
});

describe('behaviour: what is recorded', () => {
  const suspect = (fn: string, startLine: number, endLine: number) => ({
    file: 'm.py',
    function: fn,
    startLine,
    endLine,
    score: 1,
    reasons: [],
    lines: [],
  });
  const coverage = { 't::a': { 'm.py': [2] }, 't::b': { 'm.py': [12] }, 't::c': { 'm.py': [2, 12] }, 't::d': { 'other.py': [1] } };

  it('the functions a call can reach, and the passing tests that run them, while their first-run time allows', () => {
    const suspects = [suspect('<module>', 1, 30), suspect('f', 1, 5), suspect('f.<locals>.g', 3, 4), suspect('C.m', 10, 14)];
    assert.deepEqual(recordPlan(suspects, { passing: ['t::a', 't::b', 't::c', 't::d'], failing: ['t::x'] }, coverage, new Map()), {
      targets: [
        { file: 'm.py', function: 'f', startLine: 1 },
        { file: 'm.py', function: 'C.m', startLine: 10 },
      ],
      tests: ['t::a', 't::b', 't::c'],
      seedTests: ['t::x'],
    });
    const slow = new Map([
      ['t::a', 1_000],
      ['t::b', 1_000],
      ['t::c', 1],
    ]);
    assert.deepEqual(recordPlan(suspects, { passing: ['t::a', 't::b', 't::c'], failing: [] }, coverage, slow), {
      targets: [
        { file: 'm.py', function: 'f', startLine: 1 },
        { file: 'm.py', function: 'C.m', startLine: 10 },
      ],
      tests: ['t::a'],
      seedTests: [],
    });
    assert.deepEqual(recordPlan(suspects, { passing: ['t::a'], failing: [] }, coverage, new Map([['t::a', 60_000]])), {
      targets: [
        { file: 'm.py', function: 'f', startLine: 1 },
        { file: 'm.py', function: 'C.m', startLine: 10 },
      ],
      tests: ['t::a'],
      seedTests: [],
    });
    // Without a passing test that runs them, the failing tests' inputs still seed new ones.
    assert.deepEqual(recordPlan([suspect('f', 1, 5)], { passing: ['t::b'], failing: ['t::x'] }, coverage, new Map()), {
      targets: [{ file: 'm.py', function: 'f', startLine: 1 }],
      tests: [],
      seedTests: ['t::x'],
    });
  });

  it('says why nothing is recorded', () => {
    assert.equal(
      recordPlan([suspect('<module>', 1, 30)], { passing: ['t::a'], failing: ['t::x'] }, coverage, new Map()),
      'no suspect is a function a test can call',
    );
    assert.equal(recordPlan([suspect('f', 1, 5)], { passing: ['t::b', 't::d'], failing: [] }, coverage, new Map()), 'no test runs f');
  });
});

describe('behaviour: comparing the replays', () => {
  const recorded = input('recorded', 'f(1)', { recorded: { raised: false, digest: 'd2' } });
  const raising = input('recorded', 'f(-1)', { recorded: { raised: true } });

  it('counts the recorded calls a patch keeps (where they reach it) and the ones it changes', () => {
    const inputs = [recorded, raising, input('recorded', 'f(5)', { recorded: { raised: false, digest: 'd6' } })];
    const baseline = twice([returned('2'), { status: 'raised', digest: 'dE', shown: 'raises ValueError' }, returned('6')]);
    const kept = [
      returned('2', { reached: true }),
      { status: 'raised' as const, digest: 'dE', shown: 'raises ValueError', reached: true },
      returned('6', { reached: false }),
    ];
    const changing = [returned('3'), { status: 'raised' as const, digest: 'dE', shown: 'raises ValueError' }, returned('6')];
    const compared = compareBehaviour(inputs, baseline, [kept, changing]);
    assert.deepEqual(compared.behaviours, [
      { kept: 2, changed: [], newInputs: 0, agreesOn: 0, others: 1, asBefore: 0, crashes: [], group: 0 },
      {
        kept: 2,
        changed: [{ call: 'f(1)', before: '2', after: '3' }],
        newInputs: 0,
        agreesOn: 0,
        others: 1,
        asBefore: 0,
        crashes: [],
        group: 1,
      },
    ]);
    assert.deepEqual(compared.compared, { recorded: 3, derived: 0 });
  });

  it('leaves out calls the unpatched code answers otherwise than the test did, or differently twice, or not at all', () => {
    const inputs = [recorded, input('derived', 'f(7)'), input('derived', 'f(8)'), raising];
    const baseline = [
      returned('5'),
      returned('7'),
      { status: 'timeout' as const, digest: 'timeout', shown: 'slow' },
      returned('0'),
      returned('5'),
      returned('8'),
      { status: 'timeout' as const, digest: 'timeout', shown: 'slow' },
      returned('0'),
    ];
    const compared = compareBehaviour(inputs, baseline, [[returned('1'), returned('1'), returned('1'), returned('1')]]);
    assert.deepEqual(compared.compared, { recorded: 0, derived: 0 });
    assert.deepEqual(compared.behaviours[0], behaviour({ kept: 0, newInputs: 0, agreesOn: 0, others: 0 }));
  });

  it('finds the smallest new input the patches disagree on (one a test can be written for first), groups largest first', () => {
    const long = input('derived', 'f([1, 2, 3])');
    const short = input('derived', 'f([1])');
    const unwritable = { ...input('derived', 'f(x)'), call: { args: '', shown: 'f(x)' } };
    const inputs = [long, short, unwritable];
    const baseline = twice([returned('0'), returned('0'), returned('0')]);
    const a = [returned('1'), returned('1'), returned('1')];
    const b = [returned('2'), returned('2'), returned('2')];
    const compared = compareBehaviour(inputs, baseline, [a, b, [...b]]);
    assert.equal(compared.disagreement?.input, short);
    assert.deepEqual(
      compared.disagreement?.groups.map((g) => [g.outcome.shown, g.members]),
      [
        ['2', [1, 2]],
        ['1', [0]],
      ],
    );
    assert.deepEqual(
      compared.behaviours.map((b) => typeof b === 'object' && b.agreesOn),
      [0, 0, 0],
    );
  });

  it('objects to a patch that raises where the code returned and another patch returns the same; the question offers no such answer', () => {
    const inputs = [input('derived', 'search([1, 3], 3)'), input('derived', 'search([1, 3], 1)')];
    const baseline = twice([returned('1'), returned('0')]);
    const crash = { status: 'raised' as const, digest: 'dR', shown: 'raises RecursionError: maximum recursion depth exceeded' };
    const right = [returned('1'), returned('0')];
    const crashing = [crash, returned('0')];
    const compared = compareBehaviour(inputs, baseline, [crashing, right]);
    const [first, second] = compared.behaviours as PatchBehaviour[];
    assert.deepEqual(first!.crashes, [{ call: 'search([1, 3], 3)', before: '1', after: crash.shown }]);
    assert.equal(first!.asBefore, 1);
    assert.deepEqual(second!.crashes, []);
    assert.equal(second!.asBefore, 2);
    assert.equal(compared.disagreement, null, 'raising where the code returned is not an answer to choose');
    // Alone, a raising patch has no patch that shows the code's answer still holds: no objection.
    const alone = compareBehaviour(inputs, baseline, [crashing]);
    assert.deepEqual((alone.behaviours[0] as PatchBehaviour).crashes, []);
  });

  it('objects to a patch of two edits that mostly repeats a validated patch of one, naming the smallest input they split on', () => {
    // first_drop: the one-edit fix returns the 1-based position; the pair (a reversed loop and a shifted index) agrees but for a drop at the end.
    const calls = ['first_drop([3, -1, 5])', 'first_drop([-2, 4])', 'first_drop([-1])', 'first_drop([5, 6, -3, 2, 8])', 'first_drop([4])'];
    const inputs = calls.map((call) => input('derived', call));
    const baseline = twice([returned('1'), returned('0'), returned('0'), returned('2'), returned('0')]);
    const oneEdit = [returned('2'), returned('1'), returned('1'), returned('3'), returned('0')];
    const pair = [returned('2'), returned('1'), returned('0'), returned('3'), returned('0')];
    const elsewhere = [returned('9'), returned('9'), returned('9'), returned('3'), returned('0')];
    const edits = [
      { edits: 1, summary: 'line 5: `i` → `i + 1`' },
      { edits: 2, summary: 'line 4: `i` → `i - 1`; line 3: reversed' },
      { edits: 2, summary: 'two edits of another behaviour' },
    ];
    const compared = compareBehaviour(inputs, baseline, [oneEdit, pair, elsewhere], edits);
    const [fix, cancelling, other] = compared.behaviours as PatchBehaviour[];
    assert.equal(fix!.simpler, undefined, 'a patch of one edit repeats none of fewer');
    assert.deepEqual(cancelling!.simpler, {
      summary: 'line 5: `i` → `i + 1`',
      edits: 1,
      alike: 3,
      differs: [{ call: 'first_drop([-1])', before: '1', after: '0' }],
    });
    assert.equal(other!.simpler, undefined, 'answering most changed inputs otherwise is another behaviour, not a repeat');
    assert.equal(
      confidenceText({ behaviour: cancelling! }),
      'unsure: its edits answer 3 changed inputs as one edit does (line 5: `i` → `i + 1`), but it gives 0 for first_drop([-1]), where that patch gives 1',
    );
    // The same answers on every input, new ones among them: nothing shows the second edit is needed.
    const same = compareBehaviour(inputs, baseline, [oneEdit, [...oneEdit]], edits);
    assert.deepEqual((same.behaviours[1] as PatchBehaviour).simpler, { summary: edits[0]!.summary, edits: 1, alike: 4, differs: [] });
    assert.equal(
      confidenceText({ behaviour: (same.behaviours[1] as PatchBehaviour)! }),
      'unsure: answers every input as one edit does (line 5: `i` → `i + 1`); nothing shows its other edits are needed',
    );
    // Without a new input, recorded calls kept alike are no sign of one behaviour.
    const recordedOnly = [input('recorded', 'first_drop([4])', { recorded: { raised: false, digest: 'd0' } })];
    const kept = compareBehaviour(recordedOnly, twice([returned('0')]), [[returned('0')], [returned('0')]], edits);
    assert.equal((kept.behaviours[1] as PatchBehaviour).simpler, undefined);
    // A simpler patch that crashes where the code returned is no yardstick.
    const crash = { status: 'raised' as const, digest: 'dR', shown: 'raises IndexError' };
    const crashing = [returned('2'), returned('1'), crash, returned('3'), returned('0')];
    const objected = compareBehaviour(inputs, baseline, [crashing, pair, oneEdit], [edits[0]!, edits[1]!, { edits: 1, summary: 'other' }]);
    assert.equal((objected.behaviours[1] as PatchBehaviour).simpler?.summary, 'other');
  });

  it('groups patches that answered every input alike', () => {
    const inputs = [input('derived', 'f(12)')];
    const baseline = twice([returned('0')]);
    const lone = [returned('12')];
    const many = [returned('21')];
    const compared = compareBehaviour(inputs, baseline, [lone, many, [...many], [...many]]);
    assert.deepEqual(
      (compared.behaviours as PatchBehaviour[]).map((b) => b.group),
      [0, 1, 1, 1],
    );
  });

  it("passes on why a patch's replay gave nothing, and compares the others without it", () => {
    const inputs = [input('derived', 'f(1)')];
    const compared = compareBehaviour(inputs, twice([returned('0')]), ['timeout', [returned('1')], [returned('1')]]);
    assert.equal(compared.behaviours[0], 'timeout');
    assert.deepEqual(compared.behaviours[1], behaviour({ kept: 0, newInputs: 1, agreesOn: 1, others: 1, group: 1 }));
    assert.equal(compared.disagreement, null);
  });
});

describe('behaviour: the confidence line', () => {
  it('says what the evidence is when nothing speaks against the patch', () => {
    assert.equal(
      confidenceText({ behaviour: behaviour({ others: 2, agreesOn: 9 }) }),
      'kept the behaviour of 3 recorded calls; agrees with the other 2 validated patches on 9 new inputs',
    );
    assert.equal(
      confidenceText({ behaviour: behaviour({ kept: 1, others: 0, agreesOn: 0 }) }),
      'kept the behaviour of 1 recorded call; the only validated patch, so none to compare it with on new inputs',
    );
    assert.equal(
      confidenceText({ behaviour: behaviour({ kept: 0, others: 1, agreesOn: 4 }) }),
      'no recorded call of a passing test reaches it; agrees with the other validated patch on 4 new inputs',
    );
  });

  it('is unsure, with why: a changed result, no evidence, no replay', () => {
    const changed = [
      { call: 'f(3, 4)', before: '7', after: '8' },
      { call: 'f(1, 1)', before: '2', after: '3' },
    ];
    assert.equal(
      confidenceText({ behaviour: behaviour({ changed }) }),
      'unsure: changes the result of f(3, 4) from 7 to 8, which no test checks (and 1 more recorded call)',
    );
    assert.equal(
      confidenceText({ behaviour: behaviour({ kept: 0, agreesOn: 0, others: 0 }) }),
      'unsure: no recorded call of a passing test reaches it, and it is the only validated patch',
    );
    assert.equal(
      confidenceText({ confidence: 'unsure: no passing test runs f; only the failing tests judged it' }),
      'unsure: no passing test runs f; only the failing tests judged it',
    );
  });
});

describe('behaviour: the disagreement and its tests', () => {
  const fn = {
    file: 'stats.py',
    function: 'median',
    module: 'stats',
    calls: [],
    derived: [],
    unpicklable: 0,
    tooLarge: 0,
    notComparable: 0,
    beyondLimit: 0,
  };
  const at = input('derived', 'median([3, 1])');

  it('writes a ready test for an answer that is a literal or a builtin exception, none otherwise', () => {
    assert.equal(
      answerTest(fn, at, returned('2.0')),
      'def test_median_3_1():\n    # Validated patches disagreed on this input; this is the answer chosen (DeepDebug).\n    from stats import median\n\n    assert median([3, 1]) == 2.0\n',
    );
    assert.match(answerTest(fn, at, returned('None')) ?? '', /assert median\(\[3, 1\]\) is None\n$/);
    const raised: CallOutcome = {
      status: 'raised',
      digest: 'e',
      shown: 'raises IndexError: list index out of range',
      literal: 'IndexError',
    };
    assert.match(
      answerTest(fn, input('derived', 'median([])'), raised) ?? '',
      /def test_median_empty\(\):\n.*\n {4}import pytest\n {4}from stats import median\n\n {4}with pytest\.raises\(IndexError\):\n {8}median\(\[\]\)\n$/,
    );
    assert.equal(answerTest({ ...fn, module: undefined }, at, returned('2.0')), undefined);
    assert.equal(answerTest(fn, at, { status: 'returned', digest: 'x', shown: '<Point>' }), undefined);
  });

  it("numbers each answer's patches as shown, and the user's choice puts the patches giving it first", () => {
    const disagreement = disagreementOf(
      {
        input: at,
        before: returned('2'),
        groups: [
          { outcome: returned('1.0'), members: [1] },
          { outcome: returned('2.0'), members: [0] },
        ],
      },
      fn,
      ['tests/test_stats.py::test_even'],
    );
    assert.equal(disagreement.testFile, 'tests/test_deepdebug_median.py');
    const shown = presented(
      [
        patch('right', { behaviour: behaviour({ answer: 1 }), rankedBecause: 'first' }),
        patch('wrong', { behaviour: behaviour({ answer: 0 }) }),
      ],
      disagreement,
    );
    assert.deepEqual(
      shown.disagreement?.answers.map((a) => [a.result, a.patches]),
      [
        ['1.0', [2]],
        ['2.0', [1]],
      ],
    );
    assert.equal(shown.patches[0]!.confidence, 'unsure: gives 2.0 for median([3, 1]), where 1 other validated patch gives 1.0');
    const report = { patches: shown.patches, disagreement: shown.disagreement } as FixReport;
    const chosen = chooseAnswer(report, 0);
    assert.deepEqual(
      chosen.patches.map((p) => p.summary),
      ['wrong', 'right'],
    );
    assert.equal(chosen.disagreement?.chosen, 0);
    assert.deepEqual(
      chosen.disagreement?.answers.map((a) => a.patches),
      [[1], [2]],
    );
    assert.equal(
      chosen.patches[0]!.confidence,
      'gives the answer you chose for median([3, 1]) (1.0); kept the behaviour of 3 recorded calls',
    );
    assert.equal(chosen.patches[1]!.rankedBecause, 'first; ranked down: gives 2.0 for median([3, 1]), not 1.0 that you chose');
    assert.equal(chosen.patches[1]!.confidence, 'unsure: gives 2.0 for median([3, 1]), not 1.0 that you chose');
  });
});

describe('behaviour: the ranking', () => {
  it('puts a patch that changes a recorded call after those that do not, then the one with more evidence first', () => {
    const changes = patch('changes', { score: 0.9, behaviour: behaviour({ changed: [{ call: 'f(1)', before: '1', after: '2' }] }) });
    const little = patch('little', { score: 0.9, behaviour: behaviour({ kept: 1, agreesOn: 0 }) });
    const much = patch('much', { score: 0.1, behaviour: behaviour({ kept: 4, agreesOn: 2 }) });
    const ranked = rankValidated([changes, little, much]);
    assert.deepEqual(
      ranked.map((p) => p.summary),
      ['much', 'little', 'changes'],
    );
    assert.match(ranked[0]!.rankedBecause ?? '', /^kept 4 recorded calls and agreed with every other patch on 2 new inputs; /);
    assert.match(ranked[2]!.rankedBecause ?? '', /; ranked down: changes the result of f\(1\) from 1 to 2, which no test checks$/);
  });
});

describe('behaviour: add-test arguments', () => {
  it('takes one report file and the answer to add', () => {
    assert.deepEqual(parseArgs(['add-test', 'report.json', '--answer', '2']), {
      command: 'add-test',
      reportPath: 'report.json',
      answer: 2,
    });
    assert.deepEqual(parseArgs(['add-test', '--help']), { command: 'help' });
  });

  it('refuses a missing or odd answer, and anything but one report', () => {
    const refused = (argv: string[]) => usageErrorOf(() => parseArgs(argv), argv.join(' '));
    assert.equal(refused(['add-test', 'report.json']), 'add-test needs --answer <n>: the answer whose test to add');
    assert.equal(refused(['add-test', 'report.json', '--answer', '1.5']), '--answer needs a whole number, got "1.5"');
    assert.equal(refused(['add-test', 'report.json', '--answer', '0']), '--answer needs a positive number, got "0"');
    assert.equal(refused(['add-test', '--answer', '1']), 'expected exactly one report file (written by fix --json)');
  });
});
