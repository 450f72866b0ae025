import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { runAnalyze, runFix } from '../core/engine';
import { sha256 } from '../core/files/hash';
import { encodeSource } from '../core/files/source-encoding';
import { collectionBlocker } from '../core/pytest/failures';
import { UserError, describeError, isCanceled } from '../core/errors';
import type { FixReport, ValidatedPatch } from '../core/types';
import { USAGE, parseArgs, type RunCommand } from './args';
import { addTest } from './add-test';
import { formatAnalyzeReport, formatFixReport } from './format';
import { replaceFile } from './replace-file';
import { earlyFixPrinter } from './early-fix';
import { progressPrinter } from './progress';
import { STOPPED_BY, watchForStop, type RunStop } from './stop';

const EXIT = { help: 0, fixed: 0, notFixed: 1, badInput: 2, nothingToFix: 3, unconfirmedOnly: 4, interrupted: 130 } as const;

/** The patched text in the file's own encoding (the validator refuses text it cannot hold). */
function patchedBytes(patch: ValidatedPatch): Buffer {
  try {
    return encodeSource(patch.newFileText, patch.encoding ?? 'utf-8');
  } catch (error) {
    throw new UserError('bad-workspace', `${patch.file}: ${describeError(error)}; patch not applied`, { cause: error });
  }
}

/** Writes the best patch, refusing if the file changed since the patch was made. */
async function applyPatch(workspace: string, patch: ValidatedPatch): Promise<string> {
  const target = path.resolve(workspace, patch.file);
  if (sha256(await fs.readFile(target)) !== patch.baseSha256) {
    throw new UserError('bad-workspace', `${patch.file} changed while DeepDebug ran; patch not applied`);
  }
  await replaceFile(target, patchedBytes(patch), patch.file, 'patch not applied');
  return patch.file;
}

/** What limited the run without stopping it, one line each, for stderr: the report itself goes to stdout. */
function warningsOf(report: FixReport, modelRequested: boolean): string[] {
  const warnings: string[] = [];
  if (modelRequested && report.model.note) warnings.push(report.model.note);
  for (const failure of report.failures) {
    // Tests that did not finish by themselves: they hung or took the interpreter down.
    if (failure.kind === 'timeout' || failure.kind === 'crash') warnings.push(`${failure.nodeid}: ${failure.message}`);
  }
  if (report.flaky.length > 0) warnings.push(`flaky tests (passed on a re-run) are not repaired: ${report.flaky.join(', ')}`);
  return [...warnings, ...(report.warnings ?? [])];
}

async function runCommand(cli: RunCommand, signal: AbortSignal): Promise<number> {
  const progress = progressPrinter(process.stderr);
  const hooks = { onProgress: progress.report, onPatch: earlyFixPrinter(progress.note), signal };
  try {
    if (cli.command === 'analyze') {
      const report = await runAnalyze(cli.engine, hooks);
      progress.finish();
      if (cli.jsonPath) await fs.writeFile(cli.jsonPath, JSON.stringify(report, null, 2) + '\n');
      process.stdout.write(formatAnalyzeReport(report, { allowTestEdits: cli.engine.allowTestEdits ?? false }));
      return report.failures.length === 0 ? EXIT.nothingToFix : EXIT.fixed;
    }
    const report: FixReport = await runFix(cli.engine, hooks);
    progress.finish();
    let applied: string | null = null;
    let applyError: unknown = null;
    const best = report.patches[0];
    if (cli.apply && best) {
      try {
        applied = await applyPatch(report.workspace, best);
      } catch (error) {
        applyError = error;
      }
    }
    if (cli.jsonPath) await fs.writeFile(cli.jsonPath, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(
      formatFixReport(report, applied, {
        allowTestEdits: cli.engine.allowTestEdits ?? false,
        jsonPath: cli.jsonPath,
        verbose: cli.verbose,
      }),
    );
    for (const warning of warningsOf(report, cli.engine.modelDir !== null)) process.stderr.write(`deepdebug: warning: ${warning}\n`);
    // The report (with the patch's diff) is out first, so a refused apply still shows the fix.
    if (applyError) throw applyError;
    const blocking = collectionBlocker(report.failures);
    if (blocking) throw new UserError('pytest-usage', blocking);
    if (report.failures.length === 0) return EXIT.nothingToFix;
    if (report.patches.some((patch) => patch.assurance === 'fix')) return EXIT.fixed;
    return report.patches.length > 0 ? EXIT.unconfirmedOnly : EXIT.notFixed;
  } finally {
    progress.finish();
  }
}

async function main(argv: readonly string[], stop: RunStop): Promise<number> {
  try {
    const cli = parseArgs(argv);
    if (cli.command === 'help') {
      process.stdout.write(USAGE + '\n');
      return EXIT.help;
    }
    if (cli.command === 'add-test') {
      process.stdout.write(await addTest(cli.reportPath, cli.answer));
      return EXIT.fixed;
    }
    return await runCommand(cli, stop.signal);
  } catch (error) {
    if (isCanceled(error)) {
      // A closed output is told nothing: nobody reads it.
      if (stop.cause !== 'closed-output') process.stderr.write(`deepdebug: ${STOPPED_BY[stop.cause ?? 'SIGINT']}, nothing changed\n`);
      return stop.exitCode ?? EXIT.interrupted;
    }
    if (error instanceof UserError) {
      process.stderr.write(`deepdebug: ${error.message}\n`);
      if (error.code === 'bad-usage') process.stderr.write(USAGE + '\n');
      return EXIT.badInput;
    }
    process.stderr.write(`deepdebug: internal error: ${describeError(error)}\n`);
    if (process.env.DEEPDEBUG_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    return EXIT.badInput;
  }
}

// A stop signal or a closed output stops the run cleanly (workers killed, temp copies removed); a second signal forces the exit.
const stop = watchForStop();
main(process.argv.slice(2), stop).then((code) => {
  // Stopped from outside: the stop's status, even where the run was finishing as it came.
  process.exitCode = stop.exitCode ?? code;
});
