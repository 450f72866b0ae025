import { assuranceCounts, UNCONFIRMED_TEXT } from '../core/review/assurance';
import { evidenceLines, shownSuspects } from '../core/review/evidence';
import { exceptionLine, explanationLines, fixShortText, originText } from '../core/review/explain';
import { testScopeText } from '../core/pytest/neighbours';
import type {
  AnalyzeReport,
  Disagreement,
  Failure,
  FixReport,
  PatchEvent,
  SearchStats,
  Suspect,
  TimelineEntry,
  TimelineStep,
  ValidatedPatch,
} from '../core/types';

// Human-readable reports for the terminal. The JSON report is the machine interface.

function formatFailures(failures: readonly Failure[]): string[] {
  if (failures.length === 0) return ['No failing tests.'];
  const lines = [`Failing (${failures.length}):`];
  for (const failure of failures) {
    const where = failure.frames.at(-1);
    const location = where ? ` at ${where.file}:${where.line}` : '';
    lines.push(`  ${failure.nodeid}  ${exceptionLine(failure)}${location}`);
  }
  return lines;
}

function formatSuspects(suspects: readonly Suspect[], limit = 5): string[] {
  if (suspects.length === 0) return [];
  const lines = ['Suspects:'];
  suspects.slice(0, limit).forEach((suspect, index) => {
    lines.push(`  ${index + 1}. ${suspect.file}:${suspect.startLine} ${suspect.function}  (${suspect.reasons.join('; ')})`);
  });
  if (suspects.length > limit) lines.push(`  ... ${suspects.length - limit} more`);
  return lines;
}

/** What the terminal shows; test functions are suspects only with `allowTestEdits` or when nothing else was found. */
export interface FormatOptions {
  allowTestEdits: boolean;
  /** Where the JSON report went (`--json`): `deepdebug add-test` reads it. */
  jsonPath?: string | null;
  /** `--verbose`: where the time went (FixStats.timeline). */
  verbose?: boolean;
}

export function formatAnalyzeReport(report: AnalyzeReport, options: FormatOptions): string {
  const lines = [
    ...formatFailures(report.failures),
    ...formatSuspects(shownSuspects(report.suspects, report.failures, options.allowTestEdits)),
  ];
  lines.push(
    `${report.stats.testsRun} tests run in ${(report.stats.elapsedMs / 1000).toFixed(1)}s` +
      (report.stats.coverageRecorded ? ' (with coverage)' : ''),
  );
  return lines.join('\n') + '\n';
}

export function formatFixReport(report: FixReport, applied: string | null, options: FormatOptions): string {
  const lines = [...formatFailures(report.failures)];
  if (report.flaky.length > 0) lines.push(`Flaky (passed on re-run, not repaired): ${report.flaky.join(', ')}`);
  const suspects = shownSuspects(report.suspects, report.failures, options.allowTestEdits);
  lines.push(...formatSuspects(suspects));
  const model = report.model.name ? `model ${report.model.name} on ${report.model.device}` : (report.model.note ?? 'no model');
  lines.push(`Candidates: ${report.stats.candidatesGenerated} generated, ${report.stats.candidatesValidated} validated (${model})`);
  if (report.testScope) lines.push(`Checked against: ${testScopeText(report.testScope)}`);
  const recheck = report.stats.cleanRecheck;
  if (recheck && recheck.passed + recheck.failed > 0) {
    const dropped = recheck.failed > 0 ? `, ${recheck.failed} failed it and are not shown` : '';
    const skipped = recheck.skipped > 0 ? `, ${recheck.skipped} skipped (a passing patch's edits and more)` : '';
    lines.push(`Clean re-check: ${recheck.passed} passed${dropped}${skipped} (${(recheck.durationMs / 1000).toFixed(1)}s)`);
  }
  // Said only when it matters: candidates could write outside their copy and use the network.
  if (report.containment?.sandbox === 'none') lines.push(`Warning: ${report.containment.summary}`);
  if (report.stats.search) lines.push(`Search: ${searchText(report.stats.search)}`);
  if (report.patches.length === 0) {
    lines.push('No validated patch found.', ...evidenceBlock(suspects, report.failures));
    for (const hint of report.hints ?? []) {
      const broke = hint.broke.length > 0 ? ` but breaks ${hint.broke.join(', ')}` : '';
      lines.push(
        `  closest, NOT validated: ${hint.file} ${hint.summary} (fixes ${hint.failingFixed}/${hint.failingTotal} failing tests${broke})`,
      );
    }
  } else {
    lines.push(`Validated patches: ${report.patches.length} (${assuranceCounts(report.patches)})`);
    report.patches.forEach((patch, index) => lines.push(...patchLines(patch, index)));
    if (report.disagreement) lines.push(...disagreementLines(report.disagreement, options.jsonPath ?? null));
  }
  if (applied) lines.push(`Applied to ${applied}.`);
  const first = report.stats.timeToFirstFixMs;
  lines.push(
    `Done in ${(report.stats.elapsedMs / 1000).toFixed(1)}s` + (first === null ? '' : `, first fix after ${(first / 1000).toFixed(1)}s`),
  );
  if (options.verbose && report.stats.timeline) lines.push(...timelineLines(report.stats.timeline));
  return lines.join('\n') + '\n';
}

const STEPS: Record<TimelineStep, string> = {
  'first-run': 'first pytest run',
  'neighbours-run': "neighbours' run",
  localize: 'localization',
  'pool-start': 'validator start',
  'model-load': 'model load',
  'model-inputs': 'model inputs',
  reproduce: 'reproduce',
  recording: 'call recording',
  search: 'search',
  'first-candidate': 'first candidate',
  'first-fix': 'first validated',
  'recheck-wait': 'clean re-check wait',
  likelihood: 'model likelihood',
  replay: 'behaviour replay',
  ranking: 'ranking',
};

/** An aligned table of the run's stages in seconds since its start (a point lasts 0). */
function timelineLines(timeline: readonly TimelineEntry[]): string[] {
  const s = (ms: number): string => (ms / 1000).toFixed(2);
  const rows = [
    ['step', 'start s', 'end s', 'took s'],
    ...timeline.map((e) => [STEPS[e.step], s(e.startMs), s(e.endMs), s(e.endMs - e.startMs)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]): string =>
    `  ${row[0]!.padEnd(widths[0]!)}  ${row
      .slice(1)
      .map((cell, i) => cell.padStart(widths[i + 1]!))
      .join('  ')}`;
  return ['Timeline:', ...rows.map(line)];
}

/** Suspects in the evidence block when nothing validated. */
const EVIDENCE_SUSPECTS = 3;

/** When nothing validated, the run still points somewhere: the top suspects and, in words, what points at them. */
function evidenceBlock(suspects: readonly Suspect[], failures: readonly Failure[]): string[] {
  if (suspects.length === 0) return [];
  return [
    'Evidence (where to look):',
    ...suspects
      .slice(0, EVIDENCE_SUSPECTS)
      .flatMap((suspect, index) => [
        `  ${index + 1}. ${suspect.file}:${suspect.startLine} ${suspect.function}`,
        ...evidenceLines(suspect, failures).map((line) => `     ${line}`),
      ]),
  ];
}

/** A validated patch: what it changes, why it is a fix (each failing test before and after, the rest of the run), and for the first, why first and its diff. */
function patchLines(patch: ValidatedPatch, index: number): string[] {
  const why = patch.explanation ? explanationLines(patch.explanation) : [fixShortText(patch)];
  const label = patch.assurance === 'unconfirmed' ? `unconfirmed (${UNCONFIRMED_TEXT}): ` : patch.assurance === 'fix' ? 'fix: ' : '';
  const lines = [
    `${index + 1}. ${label}${patch.file} ${patch.function}: ${patch.summary} (${originText(patch)})`,
    ...why.map((line) => `   ${line}`),
  ];
  if (patch.confidence) lines.push(`   confidence: ${patch.confidence}`);
  if (index === 0) {
    if (patch.rankedBecause) lines.push(`   ranked first: ${patch.rankedBecause}`);
    lines.push(patch.diff.trimEnd());
  }
  return lines;
}

/**
 * What the CLI prints as the search finds a fix, before the run ends: the first validated
 * patch with its diff (marked as being re-checked), then whether its clean re-check confirmed
 * or withdrew it.
 */
export function patchEventText(event: PatchEvent): string {
  const { patch } = event;
  const name = `${patch.file} ${patch.function}: ${patch.summary}`;
  switch (event.kind) {
    case 'validated':
      return [`found a fix, re-checking it in a clean copy of the workspace: ${name}`, patch.diff.trimEnd()].join('\n');
    case 'confirmed':
      return `the fix passed its clean re-check (${patch.summary}); looking for alternatives until the run ends`;
    case 'withdrawn':
      return `the fix is withdrawn: it failed its clean re-check (${event.reason})`;
  }
}

/**
 * Where the validated patches disagree: the input, each answer with its patches, and a ready
 * test for each answer. Printed only: a test joins the suite through `deepdebug add-test`.
 */
function disagreementLines(disagreement: Disagreement, jsonPath: string | null): string[] {
  const lines = [`The validated patches disagree on ${disagreement.call} (before any patch: ${disagreement.before}):`];
  disagreement.answers.forEach((answer, k) => {
    const patches = answer.patches.length === 1 ? `patch ${answer.patches[0]}` : `patches ${answer.patches.join(', ')}`;
    lines.push(`  answer ${k + 1}: ${answer.result} (${patches})`);
  });
  const tests = disagreement.answers.flatMap((answer, k) => (answer.test ? [{ k, test: answer.test }] : []));
  if (tests.length === 0 || !disagreement.testFile) return lines;
  const accept = jsonPath
    ? `deepdebug add-test ${jsonPath} --answer <n> adds answer n's test to ${disagreement.testFile} and puts its patches first`
    : `run fix with --json <file>, then deepdebug add-test <file> --answer <n> adds it to ${disagreement.testFile}`;
  lines.push(`A test for each answer (nothing is written; ${accept}):`);
  for (const { k, test } of tests)
    lines.push(
      `  # answer ${k + 1}`,
      ...test
        .trimEnd()
        .split('\n')
        .map((line) => (line ? `  ${line}` : '')),
    );
  return lines;
}

const ENDS: Record<SearchStats['endedBecause'], string> = {
  budget: 'the time budget was spent',
  'enough-patches': 'enough patches validated',
  'alternatives-window': 'a fix was found, then alternatives were looked for',
  exhausted: 'every candidate it could make was tried',
  'max-candidates': 'the candidate limit was reached',
  canceled: 'canceled',
};

/** "ended because every candidate it could make was tried; 410 single edits, 12 model samples, 60 pairs". */
function searchText(search: SearchStats): string {
  const { single, model, partial, pair, server } = search.rounds;
  const rounds = [
    `${single} single edits`,
    ...(search.sampled !== undefined ? [`${model} of ${search.sampled} model samples`] : []),
    ...(search.server?.model !== undefined
      ? [`${server} of ${search.server.candidates} answers of ${search.server.model} (${search.server.requests} requests)`]
      : []),
    ...(partial > 0 ? [`${partial} edits on ${search.partialFixes} partial fixes`] : []),
    ...(pair > 0 ? [`${pair} two-edit pairs`] : []),
  ];
  return `ended because ${ENDS[search.endedBecause]}; ${rounds.join(', ')}`;
}
