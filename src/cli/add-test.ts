import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { z } from 'zod';
import { answerTestText, chooseAnswer } from '../core/behaviour/disagreement';
import { answerText } from '../core/behaviour/words';
import { UserError, describeError } from '../core/errors';
import type { FixReport } from '../core/types';
import { replaceFile } from './replace-file';

// `deepdebug add-test <report> --answer <n>`: the one way a test DeepDebug wrote joins the
// user's suite. Where the validated patches of a fix report disagree (FixReport.disagreement),
// the chosen answer's test is added to the report's test file in the workspace, and the report
// is written back with the patches that give that answer first.

/** The parts of a fix report this command reads; the rest is written back as it was. */
const reportShape = z.looseObject({
  workspace: z.string(),
  patches: z.array(z.looseObject({})),
  disagreement: z
    .looseObject({
      call: z.string(),
      answers: z.array(z.looseObject({ result: z.string(), patches: z.array(z.number()), test: z.string().optional() })),
      testFile: z.string().optional(),
    })
    .optional(),
});

/** Adds answer `answer`'s (1-based) test; what to tell the user. */
export async function addTest(reportPath: string, answer: number): Promise<string> {
  const report = await readReport(reportPath);
  const disagreement = report.disagreement;
  if (!disagreement)
    throw new UserError('bad-report', `${reportPath}: the validated patches agree on every new input, so there is no test to add`);
  const chosen = disagreement.answers[answer - 1];
  if (!chosen) throw new UserError('bad-usage', `--answer must be 1 to ${disagreement.answers.length}, got ${answer}`);
  if (!chosen.test || !disagreement.testFile)
    throw new UserError('bad-report', `answer ${answer} has no test: its input or its answer is not a Python literal`);
  const target = path.resolve(report.workspace, disagreement.testFile);
  if (path.relative(report.workspace, target).startsWith('..'))
    throw new UserError('bad-report', `${disagreement.testFile} is not inside the workspace ${report.workspace}`);
  const before = await fs.readFile(target, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new UserError('bad-workspace', `cannot read ${disagreement.testFile}: ${describeError(error)}`, { cause: error });
  });
  const text = answerTestText(before, chosen.test);
  if (typeof text !== 'string') throw new UserError('bad-report', `${disagreement.testFile} ${text.refused}; nothing added`);
  await replaceFile(target, text, disagreement.testFile, 'nothing added');
  const name = /^def (\w+)\(/.exec(chosen.test)?.[1];
  const reranked = chooseAnswer(report, answer - 1);
  await fs.writeFile(reportPath, JSON.stringify(reranked, null, 2) + '\n');
  return (
    [
      `Added ${name ?? 'the test'} to ${disagreement.testFile}: ${disagreement.call} ${answerText(chosen.result)}.`,
      `Patches, those giving it first (${reportPath} rewritten in this order):`,
      ...reranked.patches.map(
        (patch, i) => `  ${i + 1}. ${patch.file} ${patch.function}: ${patch.summary}${patch.confidence ? ` (${patch.confidence})` : ''}`,
      ),
    ].join('\n') + '\n'
  );
}

async function readReport(reportPath: string): Promise<FixReport> {
  let value: unknown;
  try {
    value = JSON.parse(await fs.readFile(reportPath, 'utf8'));
  } catch (error) {
    throw new UserError('bad-report', `cannot read the report ${reportPath}: ${describeError(error)}`, { cause: error });
  }
  const checked = reportShape.safeParse(value);
  if (!checked.success)
    throw new UserError(
      'bad-report',
      `${reportPath} is not a report of deepdebug fix --json: ${z.prettifyError(checked.error).split('\n')[0]}`,
    );
  // The fields this command reads are checked; the rest goes back into the file as it came.
  return value as FixReport;
}
