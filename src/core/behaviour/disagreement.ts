import * as path from 'node:path';
import { nodeidFile } from '../pytest/failures';
import type { Disagreement, FixReport, ValidatedPatch } from '../types';
import type { CallOutcome, RecordedFunction } from '../wire';
import type { Disagreed } from './compare';
import type { ReplayInput } from './replay';
import { answerText, confidenceText } from './words';

// The question validated patches leave open: the smallest new input they answer differently,
// each answer with the patches that give it and a ready pytest test that pins it. Nothing is
// written here: `deepdebug add-test` adds the chosen answer's test to the user's suite, and
// chooseAnswer re-ranks the patches by it.

/** The report's disagreement from the comparison's (answers not yet numbered: see numberAnswers). */
export function disagreementOf(disagreed: Disagreed, fn: RecordedFunction, failing: readonly string[]): Disagreement {
  const answers = disagreed.groups.map(({ outcome }) => {
    const test = answerTest(fn, disagreed.input, outcome);
    return { result: outcome.shown, patches: [], ...(test !== undefined ? { test } : {}) };
  });
  const first = failing[0];
  const testFile =
    first !== undefined && answers.some((a) => a.test !== undefined)
      ? path.posix.join(path.posix.dirname(nodeidFile(first)), `test_deepdebug_${fn.function}.py`)
      : undefined;
  return {
    file: fn.file,
    function: fn.function,
    call: disagreed.input.call.shown,
    before: disagreed.before.shown,
    answers,
    ...(testFile !== undefined ? { testFile } : {}),
  };
}

/**
 * A pytest test that pins `outcome` for the input: where the function is a module-level one (it
 * can be imported by name), the input's arguments and the answer are Python literals (or a
 * builtin exception), and the answer is not a change to the arguments.
 */
export function answerTest(
  fn: Pick<RecordedFunction, 'function' | 'module'>,
  input: ReplayInput,
  outcome: CallOutcome,
): string | undefined {
  if (fn.module === undefined || input.call.literal === undefined || outcome.literal === undefined) return undefined;
  const call = `${fn.function}(${input.call.literal})`;
  const slug =
    input.call.literal
      .replace(/\W+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'empty';
  const lines = [
    `def test_${fn.function}_${slug}():`,
    '    # Validated patches disagreed on this input; this is the answer chosen (DeepDebug).',
  ];
  if (outcome.status === 'raised')
    lines.push(
      '    import pytest',
      `    from ${fn.module} import ${fn.function}`,
      '',
      `    with pytest.raises(${outcome.literal}):`,
      `        ${call}`,
    );
  else
    lines.push(
      `    from ${fn.module} import ${fn.function}`,
      '',
      `    assert ${call} ${outcome.literal === 'None' ? 'is None' : `== ${outcome.literal}`}`,
    );
  return lines.join('\n') + '\n';
}

/** Each answer's patches by their place among the shown ones, and every shown patch's confidence line. */
export function presented(
  patches: readonly ValidatedPatch[],
  disagreement: Disagreement | undefined,
): { patches: ValidatedPatch[]; disagreement?: Disagreement } {
  const numbered = disagreement && {
    ...disagreement,
    answers: disagreement.answers.map((answer, k) => ({
      ...answer,
      patches: patches.flatMap((patch, place) => (patch.behaviour?.answer === k ? [place + 1] : [])),
    })),
  };
  return {
    patches: patches.map((patch) => ({ ...patch, confidence: confidenceText(patch, numbered) })),
    ...(numbered ? { disagreement: numbered } : {}),
  };
}

/**
 * The report once the user chose answer `k` (0-based): the patches that give it first, in their
 * order, then the others, each saying why it moved down.
 */
export function chooseAnswer<R extends Pick<FixReport, 'patches' | 'disagreement'>>(report: R, k: number): R {
  const disagreement = report.disagreement;
  const chosen = disagreement?.answers[k];
  if (!disagreement || !chosen) return report;
  const agrees = (patch: ValidatedPatch) => patch.behaviour?.answer === k;
  const down = (patch: ValidatedPatch): ValidatedPatch => {
    const mine = patch.behaviour?.answer === undefined ? undefined : disagreement.answers[patch.behaviour.answer];
    const why = `${mine ? answerText(mine.result) : 'gives another answer'} for ${disagreement.call}, not ${chosen.result} that you chose`;
    return { ...patch, rankedBecause: `${patch.rankedBecause ? `${patch.rankedBecause}; ` : ''}ranked down: ${why}` };
  };
  const patches = [...report.patches.filter(agrees), ...report.patches.filter((p) => !agrees(p)).map(down)];
  return { ...report, ...presented(patches, { ...disagreement, chosen: k }) };
}

/**
 * The test file's text with an answer's test added (`before` null: a new file), or why not:
 * a test of the same name is already there.
 */
export function answerTestText(before: string | null, test: string): string | { refused: string } {
  const name = /^def (\w+)\(/.exec(test)?.[1];
  if (before !== null && name && new RegExp(`^def ${name}\\(`, 'm').test(before)) return { refused: `already has ${name}` };
  return before === null || before.trim() === '' ? test : `${before.trimEnd()}\n\n\n${test}`;
}
