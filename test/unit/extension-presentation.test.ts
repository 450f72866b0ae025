// The extension's editor-free logic over one realistic run: quick fixes, diagnostics, the apply
// check, the diff documents, the review panel's state and message protocol.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { sha256 } from '../../src/core/files/hash';
import type { FixReport, ValidatedPatch } from '../../src/core/types';
import { checkApply, smallestReplacement } from '../../src/extension/logic/apply-check';
import { codeActionSpecs } from '../../src/extension/logic/code-action-specs';
import { DiagnosticCodes, diagnosticSpecs, firstChangedLine } from '../../src/extension/logic/diagnostic-specs';
import { headline } from '../../src/extension/logic/headline';
import { panelHtml } from '../../src/extension/logic/panel-html';
import { finishedState, parseWebviewMessage } from '../../src/extension/logic/panel-state';
import { hintDocumentText, hintName, patchDocumentPath, patchDocumentText, patchIdFromPath } from '../../src/extension/logic/patch-uri';
import { RunStore, runFromFix, type RunRecord } from '../../src/extension/logic/run-record';
import { statusText } from '../../src/extension/logic/status-text';
import { suspectMarks } from '../../src/extension/logic/suspect-marks';

const workspace = path.resolve('/tmp/ws');
const original = [
  'def total(items):',
  '    result = 0',
  '    for price, qty in items:',
  '        result += price * qty',
  '    return result - 1',
  '',
].join('\n');

function patch(newBody: string, summary: string, suitePassed: number, file = 'shop/cart.py'): ValidatedPatch {
  const newFileText = original.replace('    return result - 1', newBody);
  return {
    kind: 'candidate',
    file,
    function: 'total',
    startLine: 1,
    endLine: 5,
    newFunctionText: newFileText,
    newFileText,
    diff: createTwoFilesPatch(`a/${file}`, `b/${file}`, original, newFileText),
    source: 'template',
    editKind: 'arith-op',
    summary,
    score: 1,
    validation: { failingFixed: 2, failingTotal: 2, suitePassed, suiteTotal: 6 },
    baseSha256: sha256(original),
  };
}

/** The evidence against total in words, with the values its frame held. */
const EVIDENCE = [
  "line 5 is where test_total failed (AssertionError: assert 9 == 10), the innermost of 2 frames in the project's code",
  '  values there: items = [(2, 5)], result = 10',
  'line 5 was run by the failing test and by none of the 6 passing ones',
];

function report(patches: ValidatedPatch[]): FixReport {
  return {
    version: 1,
    workspace,
    failures: [
      {
        nodeid: 'tests/test_cart.py::test_total',
        kind: 'test',
        exception: 'AssertionError',
        message: 'assert 9 == 10\n +  where 9 = total([(2, 5)])',
        longrepr: '',
        frames: [
          { file: 'tests/test_cart.py', line: 4, function: 'test_total', inWorkspace: true },
          { file: 'shop/cart.py', line: 5, function: 'total', inWorkspace: true, locals: { items: '[(2, 5)]', result: '10' } },
        ],
      },
    ],
    flaky: [],
    suspects: [
      {
        file: 'shop/cart.py',
        function: 'total',
        startLine: 1,
        endLine: 5,
        score: 3.5,
        reasons: ['frame 1 of 2 (innermost)', 'DStar 4.0'],
        evidence: {
          frames: [{ nodeid: 'tests/test_cart.py::test_total', line: 5, position: 1, of: 2 }],
          spectrum: { line: 5, failing: 1, failingTotal: 1, passing: 0, passingTotal: 6 },
        },
        lines: [
          { line: 5, score: 4 },
          { line: 4, score: 1 },
        ],
      },
    ],
    patches,
    model: { name: 'deepdebug-small', device: 'cpu' },
    stats: { candidatesGenerated: 12, candidatesValidated: 5, elapsedMs: 2100, timeToFirstFixMs: 900 },
  };
}

function twoFixRun(): RunRecord {
  return runFromFix(
    'r1',
    workspace,
    report([patch('    return result', 'remove `- 1` on line 5', 6), patch('    return result + 0', 'change `- 1` to `+ 0` on line 5', 6)]),
  );
}

describe('extension presentation', () => {
  describe('quick fixes', () => {
    it('offers Apply per patch (best preferred) and Show diff, on DeepDebug diagnostics only', () => {
      const run = twoFixRun();
      const specs = codeActionSpecs(run, [DiagnosticCodes.suspect]);
      assert.deepEqual(
        specs.map((spec) => [spec.title, spec.command, spec.patchId, spec.isPreferred]),
        [
          [
            'Apply DeepDebug fix: remove `- 1` on line 5 (fixes 2 failing tests; 6/6 other tests pass)',
            'deepdebug.applyPatch',
            'r1.1',
            true,
          ],
          [
            'Apply DeepDebug fix: change `- 1` to `+ 0` on line 5 (fixes 2 failing tests; 6/6 other tests pass)',
            'deepdebug.applyPatch',
            'r1.2',
            false,
          ],
          ['Show diff: remove `- 1` on line 5', 'deepdebug.showDiff', 'r1.1', false],
          ['Show diff: change `- 1` to `+ 0` on line 5', 'deepdebug.showDiff', 'r1.2', false],
        ],
      );
      assert.deepEqual(codeActionSpecs(run, ['E501', 'reportUndefinedVariable']), []);
    });

    it('calls an unconfirmed patch so, and never prefers it', () => {
      const unconfirmed = { ...patch('    return result + 0', 'change `- 1` to `+ 0` on line 5', 6), assurance: 'unconfirmed' as const };
      const run = runFromFix('r2', workspace, report([unconfirmed]));
      const [apply] = codeActionSpecs(run, [DiagnosticCodes.suspect]);
      assert.equal(
        apply?.title,
        'Apply unconfirmed DeepDebug patch: change `- 1` to `+ 0` on line 5 (fixes 2 failing tests; 6/6 other tests pass; passes the tests; nothing else confirms it)',
      );
      assert.equal(apply?.isPreferred, false);
      assert.equal(
        headline(run),
        'DeepDebug: no confirmed fix for test_total; 1 unconfirmed patch (they pass the tests; nothing else confirms them), the first in total (shop/cart.py)',
      );
      const both = runFromFix('r3', workspace, report([patch('    return result', 'remove `- 1` on line 5', 6), unconfirmed]));
      assert.equal(headline(both), 'DeepDebug: 1 validated fix for test_total (and 1 unconfirmed patch), the best in total (shop/cart.py)');
    });

    it('offers nothing (no lightbulb) without a validated patch', () => {
      assert.deepEqual(codeActionSpecs(runFromFix('r2', workspace, report([])), [DiagnosticCodes.failure]), []);
      assert.deepEqual(codeActionSpecs(undefined, [DiagnosticCodes.failure]), []);
    });

    it('drops discarded patches, and all of them once one was applied', () => {
      const store = new RunStore();
      store.set(twoFixRun());
      store.setStatus('r1.1', 'discarded');
      const run = store.forWorkspace(workspace);
      const remaining = codeActionSpecs(run, [DiagnosticCodes.failure]);
      assert.deepEqual(
        remaining.map((spec) => [spec.patchId, spec.isPreferred]),
        [
          ['r1.2', true],
          ['r1.2', false],
        ],
      );
      assert.equal(headline(run!), 'DeepDebug: 2 validated fixes for test_total, the best in total (shop/cart.py)');
      store.setStatus('r1.2', 'applied');
      assert.equal(headline(run!), 'DeepDebug: fix 2 applied for test_total');
      assert.deepEqual(codeActionSpecs(store.forWorkspace(workspace), [DiagnosticCodes.failure]), []);
      assert.deepEqual(diagnosticSpecs(store.forWorkspace(workspace)!), []);
    });
  });

  describe('diagnostics', () => {
    it('marks the failing assertion in the test and the line the best fix changes', () => {
      const specs = diagnosticSpecs(twoFixRun());
      assert.deepEqual(
        specs.map((spec) => [path.relative(workspace, spec.absPath), spec.line, spec.severity, spec.code]),
        [
          [path.join('tests', 'test_cart.py'), 4, 'error', DiagnosticCodes.failure],
          [path.join('shop', 'cart.py'), 5, 'warning', DiagnosticCodes.suspect],
        ],
      );
      assert.equal(specs[0]!.message, 'test_total failed: AssertionError: assert 9 == 10. DeepDebug found 2 validated fixes.');
      assert.equal(
        specs[1]!.message,
        'AssertionError: assert 9 == 10 in test_total. Best DeepDebug fix: remove `- 1` on line 5 (fixes 2 failing tests; 6/6 other tests pass).',
      );
    });

    it("without a fix, marks the suspect's best-ranked line with the failure", () => {
      const run = runFromFix('r6', workspace, report([]));
      run.suspects[0]!.lines = [{ line: 3, score: 2 }];
      const suspect = diagnosticSpecs(run).find((spec) => spec.code === DiagnosticCodes.suspect);
      assert.equal(suspect?.line, 3);
      assert.equal(suspect?.message, 'Most suspicious code for test_total: AssertionError: assert 9 == 10.');
    });

    it("marks the suspect's ranked lines with its evidence, the failing frame's line with its locals, until a fix is applied", () => {
      const run = runFromFix('r7', workspace, report([patch('    return result', 'remove `- 1` on line 5', 6)]));
      const marks = suspectMarks(run);
      const file = path.join(workspace, 'shop', 'cart.py');
      const hover = [
        '**DeepDebug suspect 1 of 1: `total`**',
        ...EVIDENCE.map((line) => `- ${line.trim()}`),
        '_Scores: 3.50; frame 1 of 2 (innermost); DStar 4.0_',
      ];
      assert.deepEqual(marks, [
        { runId: 'r7', absPath: file, line: 5, hover, locals: 'items = [(2, 5)], result = 10' },
        { runId: 'r7', absPath: file, line: 4, hover },
      ]);
      run.patches[0]!.status = 'applied';
      assert.deepEqual(suspectMarks(run), [], 'the failure is fixed: nothing to point at');
    });

    it('finds the first changed line of a unified diff', () => {
      const diff = createTwoFilesPatch('a/f.py', 'b/f.py', 'a\nb\nc\nd\ne\nf\ng\nh\n', 'a\nb\nc\nd\ne\nF\ng\nh\n');
      assert.equal(firstChangedLine(diff), 6);
      assert.equal(firstChangedLine(''), undefined);
    });
  });

  describe('apply check', () => {
    it('applies to the text the patch was made from, with the smallest whole-line replacement', () => {
      const run = twoFixRun();
      const verdict = checkApply(run, run.patches[0]!, original, false);
      assert.ok(verdict.ok);
      const { start, end, text } = verdict.replacement;
      assert.equal(original.slice(0, start) + text + original.slice(end), run.patches[0]!.patch.newFileText);
      assert.equal(original.slice(start, end), '    return result - 1\n');
    });

    it('refuses when the document changed since the patch was made', () => {
      const run = twoFixRun();
      const verdict = checkApply(run, run.patches[0]!, original.replace('result = 0', 'result = 0.0'), false);
      assert.deepEqual(verdict, {
        ok: false,
        reason: 'shop/cart.py changed since DeepDebug made this fix; run DeepDebug again to get a fix for the current text.',
      });
    });

    it('refuses test files unless allowed, and patches already applied or discarded', () => {
      const run = runFromFix('r3', workspace, report([patch('    return result', 'fix', 6, 'tests/helpers_test.py')]));
      const refused = checkApply(run, run.patches[0]!, original, false);
      assert.equal(refused.ok, false);
      assert.match(!refused.ok ? refused.reason : '', /does not edit test files \(tests\/helpers_test\.py\).*deepdebug\.allowTestEdits/);
      assert.equal(checkApply(run, run.patches[0]!, original, true).ok, true);
      run.patches[0]!.status = 'applied';
      assert.equal(checkApply(run, run.patches[0]!, original, true).ok, false);
    });

    it('finds a replacement that rebuilds the new text for edits anywhere', () => {
      const cases: [string, string][] = [
        ['', ''],
        ['a\nb\n', 'a\nb\n'],
        ['a\nb\n', 'x\nb\n'],
        ['a\nb\n', 'a\nb\nc\n'],
        ['a\nb', 'a\nc'],
        ['\nx\n', '\ny\n'],
        ['x = 1\nx = 1\n', 'x = 1\n'],
        ['one\ntwo\nthree\n', 'one\nthree\n'],
        ['if a < b:\n    pass\n', 'if a <= b:\n    pass\n'],
      ];
      for (const [before, after] of cases) {
        const { start, end, text } = smallestReplacement(before, after);
        assert.equal(before.slice(0, start) + text + before.slice(end), after, JSON.stringify([before, after]));
        assert.ok(start === 0 || before[start - 1] === '\n', `starts a line: ${JSON.stringify([before, after])}`);
        assert.ok(end === before.length || before[end - 1] === '\n', `ends a line: ${JSON.stringify([before, after])}`);
      }
    });
  });

  describe('diff documents', () => {
    it('serve the patched file under a path that ends in the file name', () => {
      const store = new RunStore();
      const run = twoFixRun();
      store.set(run);
      const uriPath = patchDocumentPath('r1.2', path.join(workspace, 'shop', 'cart.py'));
      assert.equal(uriPath, '/r1.2/cart.py');
      assert.equal(patchIdFromPath(uriPath), 'r1.2');
      assert.equal(patchDocumentText(store, uriPath), run.patches[1]!.patch.newFileText);
      assert.match(patchDocumentText(store, '/r9.1/cart.py'), /no longer available/);
    });
  });

  describe('review panel', () => {
    it('shows failures, suspects and each patch with its diff, tests and source', () => {
      const state = finishedState(twoFixRun());
      assert.equal(state.headline, 'DeepDebug: 2 validated fixes for test_total, the best in total (shop/cart.py)');
      assert.equal(state.model, 'deepdebug-small on cpu');
      assert.deepEqual(state.failures, [
        {
          nodeid: 'tests/test_cart.py::test_total',
          text: 'AssertionError: assert 9 == 10',
          location: { absPath: path.join(workspace, 'tests', 'test_cart.py'), line: 4 },
        },
      ]);
      assert.equal(state.suspects[0]!.label, 'total (shop/cart.py:1-5)');
      assert.deepEqual(state.suspects[0]!.evidence, EVIDENCE);
      assert.equal(state.suspects[0]!.scores, 'score 3.50: frame 1 of 2 (innermost); DStar 4.0');
      const [best] = state.patches;
      assert.equal(best!.tests, 'fixes 2 failing tests; 6/6 other tests pass');
      assert.equal(best!.source, 'template (arith-op)');
      assert.match(best!.diff, /^-    return result - 1$/m);
      assert.match(best!.diff, /^\+    return result$/m);
      assert.equal(state.checkedAgainst, null, 'no selection, nothing to say');
    });

    it('names the tests around a selection that the patches were checked against', () => {
      const run = runFromFix('r7', workspace, {
        ...report([patch('    return result', 'remove `- 1` on line 5', 6)]),
        testScope: { selected: 1, files: ['tests/test_cart.py'], neighbours: 5 },
      });
      assert.equal(finishedState(run).checkedAgainst, 'the 1 selected test and the 5 other passing tests of tests/test_cart.py');
    });

    it('lists the closest candidates as not validated when no fix was found', () => {
      const run = runFromFix('r8', workspace, {
        ...report([]),
        hints: [
          {
            file: 'shop/cart.py',
            function: 'total',
            summary: 'line 5: `- 1` → `+ 1`',
            diff: '-a\n+b\n',
            startLine: 1,
            newFileText: 'b\n',
            failingFixed: 1,
            failingTotal: 2,
            broke: [],
          },
        ],
      });
      const state = finishedState(run);
      assert.deepEqual(state.patches, []);
      assert.deepEqual(state.hints, [
        {
          id: 'r8.h1',
          summary: 'line 5: `- 1` → `+ 1`',
          where: 'total in shop/cart.py',
          tests: 'fixes 1/2 failing tests',
          diff: '-a\n+b\n',
        },
      ]);
      // "Show diff" opens the candidate's whole file, read-only and without Apply.
      const store = new RunStore();
      store.set(run);
      assert.equal(hintDocumentText(store, patchDocumentPath('r8.h1', path.join(workspace, 'shop', 'cart.py'))), 'b\n');
      assert.equal(hintName('r8.h1'), 'DeepDebug closest candidate 1 of run 8 (not validated)');
      assert.match(
        hintDocumentText(store, '/r8.h2/cart.py'),
        /^# DeepDebug closest candidate 2 of run 8 \(not validated\) is no longer available/,
      );
      assert.deepEqual(parseWebviewMessage({ type: 'showHintDiff', hintId: 'r8.h1' }), { type: 'showHintDiff', hintId: 'r8.h1' });
      assert.equal(parseWebviewMessage({ type: 'showHintDiff', hintId: '' }), undefined);
    });

    it('says when no fix was found or nothing failed', () => {
      assert.equal(headline(runFromFix('r4', workspace, report([]))), 'DeepDebug: no validated fix for test_total');
      const scoped = (selection: string[], testsRun: number) =>
        headline(runFromFix('r5', workspace, { ...report([]), ran: { selection, testsRun } }));
      assert.equal(scoped([], 17), 'DeepDebug: no validated fix for test_total; ran the whole suite (17 tests)');
      assert.equal(scoped(['tests/test_cart.py'], 4), 'DeepDebug: no validated fix for test_total; ran tests/test_cart.py (4 tests)');
      const passing = { ...report([]), failures: [] };
      assert.equal(headline(runFromFix('r5', workspace, passing)), 'DeepDebug: no failing tests');
    });

    it('shows a model server that is not there as one quiet line: the headline, the panel and the status bar say it once', () => {
      const line = 'model server at http://127.0.0.1:11434: not reachable (connection refused); templates only';
      const once = (text: string) => assert.equal(text.split(line).length - 1, 1, text);
      const found = finishedState(
        runFromFix('r9', workspace, { ...report([patch('    return result', 'remove `- 1` on line 5', 6)]), warnings: [line] }),
      );
      assert.equal(found.headline, `DeepDebug: 1 validated fix for test_total, the best in total (shop/cart.py) (warning: ${line})`);
      assert.deepEqual(found.warnings, [line]);
      const none = finishedState(runFromFix('r10', workspace, { ...report([]), warnings: [line] }));
      assert.equal(none.headline, `DeepDebug: no validated fix for test_total (warning: ${line})`);
      for (const state of [found, none]) {
        once(statusText(state, 'deepdebug-small · cpu').tooltip);
        assert.doesNotMatch(state.headline, /\n/, 'one line');
      }
    });

    it('accepts only well-formed messages from the webview', () => {
      assert.deepEqual(parseWebviewMessage({ type: 'apply', patchId: 'r1.1' }), { type: 'apply', patchId: 'r1.1' });
      assert.deepEqual(parseWebviewMessage({ type: 'showDiff', patchId: 'r1.2', extra: 1 }), { type: 'showDiff', patchId: 'r1.2' });
      assert.deepEqual(parseWebviewMessage({ type: 'open', location: { absPath: '/a.py', line: 3 } }), {
        type: 'open',
        location: { absPath: '/a.py', line: 3 },
      });
      for (const bad of [
        null,
        'apply',
        {},
        { type: 'apply' },
        { type: 'apply', patchId: 7 },
        { type: 'open', location: { absPath: '/a.py', line: 0 } },
        { type: 'eval', code: '1' },
      ]) {
        assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
      }
    });

    it('loads only local resources and only its own nonce-tagged script', () => {
      const html = panelHtml(
        { cspSource: 'vscode-resource:', scriptUri: 'vscode-resource:/media/panel.js', styleUri: 'vscode-resource:/media/panel.css' },
        'n0nce',
      );
      const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'nonce-n0nce'/);
      assert.doesNotMatch(html, /https?:/);
      assert.deepEqual(
        [...html.matchAll(/<script ([^>]*)>/g)].map((match) => match[1]),
        ['nonce="n0nce" src="vscode-resource:/media/panel.js"'],
      );
    });
  });
});
