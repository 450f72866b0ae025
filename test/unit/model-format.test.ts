import * as assert from 'node:assert/strict';
import {
  applyOutput,
  encoderText,
  fitsFormat,
  MARKER_TOKENS,
  markedLines,
  skeletonBudget,
  targetText,
  withinTrainedLines,
  type ModelFormat,
} from '../../src/core/model/format';
import type { ModelInput } from '../../src/core/types';

const lineEdit: ModelFormat = { output: 'line-edit', useTrace: false, maxSourceTokens: 320, maxTargetTokens: 64 };
const wholeFunction: ModelFormat = { ...lineEdit, output: 'function', useTrace: true };

const buggy = `def find(items, x):
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo
`;

function input(skeleton: string, trace = ''): ModelInput {
  return { kind: 'model-input', file: 'm.py', function: 'find', skeleton, trace, tokens: 0, tokenBudget: 320 };
}

describe('model format', () => {
  it('writes a one-line fix as the line range and its replacement', () => {
    const fixed = buggy.replace('items[mid] <= x', 'items[mid] < x');
    assert.equal(targetText(buggy, fixed, lineEdit), '<L4><L5>        if items[mid] < x:');
    assert.equal(applyOutput('<L4><L5>        if items[mid] < x:', buggy, lineEdit), fixed);
  });

  it('round-trips insertions, deletions and multi-line edits', () => {
    const lines = buggy.split('\n');
    const inserted = [...lines.slice(0, 4), '        print(mid)', ...lines.slice(4)].join('\n');
    const deleted = [...lines.slice(0, 3), ...lines.slice(4)].join('\n');
    const rewritten = buggy.replace('lo, hi = 0, len(items)', 'lo = 0\n    hi = len(items) - 1');
    for (const fixed of [inserted, deleted, rewritten]) {
      const target = targetText(buggy, fixed, lineEdit);
      assert.ok(target !== null);
      assert.equal(applyOutput(target, buggy, lineEdit), fixed);
    }
    assert.equal(targetText(buggy, inserted, lineEdit), '<L4><L4>        print(mid)');
    assert.equal(targetText(buggy, deleted, lineEdit), '<L3><L4>');
  });

  it('knows which edits name only the line markers a model learned', () => {
    const learned = { ...lineEdit, maxFunctionLines: 32 };
    assert.equal(withinTrainedLines('<L4><L5>        if x:', learned), true);
    assert.equal(withinTrainedLines('<L32><L32>        pass', learned), true, 'an insertion after the last of 32 lines');
    assert.equal(withinTrainedLines('<L30><L33>', learned), false, 'the end marker counts too');
    assert.equal(withinTrainedLines('<L40><L41>    return x', learned), false);
    assert.equal(withinTrainedLines('<L40><L41>    return x', lineEdit), true, 'a model that does not say learned them all');
    assert.equal(
      withinTrainedLines('<L40><L41>    return x', { ...wholeFunction, maxFunctionLines: 32 }),
      true,
      'no markers in the paper format',
    );
  });

  it('rejects malformed edits', () => {
    for (const output of ['if x:', '<L5><L4>x', '<L4><L99>x', '<L1><L2>a\n<L3>b', '']) {
      assert.equal(applyOutput(output, buggy, lineEdit), null, output);
    }
  });

  it('uses the whole function in the paper format', () => {
    const fixed = buggy.replace('<=', '<');
    assert.equal(targetText(buggy, fixed, wholeFunction), fixed.trimEnd());
    assert.equal(applyOutput(fixed.trimEnd(), buggy, wholeFunction), fixed);
  });

  it('marks only the focal lines, and appends the trace only for models trained with traces', () => {
    const skeleton = `import os\n\n# target edit\ndef f(x):\n    return x\n# end\n\ndef g():\n    ...\n`;
    const text = encoderText(input(skeleton, 'AssertionError: boom'), lineEdit);
    assert.equal(text, `import os\n\n# target edit\n<L0>def f(x):\n<L1>    return x\n# end\n\ndef g():\n    ...\n`);
    assert.equal(encoderText(input(skeleton, 'AssertionError: boom'), wholeFunction), `${skeleton}AssertionError: boom`);
  });

  it('leaves functions of 64 lines or more to whole-function models', () => {
    const long = 'def f():\n' + '    x = 1\n'.repeat(63);
    assert.equal(fitsFormat(long, lineEdit), false);
    assert.equal(fitsFormat(long, wholeFunction), true);
    assert.equal(targetText(long, long.replace('x = 1', 'x = 2'), lineEdit), null);
    assert.equal(fitsFormat(buggy, lineEdit), true);
  });

  it('edits and marks only as many lines as the model was trained on (maxFunctionLines)', () => {
    const trained: ModelFormat = { ...lineEdit, maxFunctionLines: 4 };
    assert.equal(markedLines(trained), 4);
    assert.equal(markedLines(lineEdit), 63, 'a config without the field: every marker the tokenizer has');
    const four = 'def f(x):\n    y = x\n    y += 1\n    return y\n';
    const five = four.replace('    return y', '    y += 2\n    return y');
    assert.equal(fitsFormat(four, trained), true);
    assert.equal(fitsFormat(five, trained), false);
    assert.equal(targetText(five, five.replace('y += 2', 'y += 3'), trained), null);
    assert.equal(targetText(four, four.replace('y += 1', 'y -= 1'), trained), '<L2><L3>    y -= 1');
    const skeleton = `# target edit\n${five}# end\n`;
    assert.equal(
      encoderText(input(skeleton), trained),
      '# target edit\n<L0>def f(x):\n<L1>    y = x\n<L2>    y += 1\n<L3>    y += 2\n    return y\n# end\n',
    );
  });

  it('leaves room in the skeleton budget for the end token and MARKER_TOKENS per marked line', () => {
    assert.equal(MARKER_TOKENS, 2);
    assert.equal(skeletonBudget(buggy, lineEdit), 320 - 1 - 2 * 9);
    assert.equal(skeletonBudget(buggy, { ...lineEdit, maxFunctionLines: 4 }), 320 - 1 - 2 * 4);
    assert.equal(skeletonBudget(buggy, wholeFunction), 320 - 1);
  });
});
