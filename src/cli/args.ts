import { UserError } from '../core/errors';
import type { EngineOptions } from '../core/types';

// The CLI contract of the design (keep it stable, extend it compatibly):
//   deepdebug fix <workspace> [--tests <selection>...] [--python <path>] [--time-budget <s>]
//                 [--max-candidates <n>] [--model <folder> | --no-model] [--device auto|cpu|cuda]
//                 [--json <file>] [--apply] [--allow-test-edits] [--no-sandbox]
//   deepdebug analyze <workspace> [--tests ...] [--python <path>] [--json <file>]

export const USAGE = `usage:
  deepdebug fix <workspace> [--tests <selection>...] [-k <expr>] [--python <path>]
                [--time-budget <seconds>] [--max-candidates <n>]
                [--model <folder> | --no-model] [--device auto|cpu|cuda]
                [--json <report file>] [--apply] [--allow-test-edits] [--no-sandbox]
  deepdebug analyze <workspace> [--tests <selection>...] [-k <expr>] [--python <path>] [--json <file>]

exit codes: 0 validated patch found (fix) / analysis done (analyze), 1 no patch found,
            2 bad input or usage, 3 nothing to fix (no failing test)

--no-sandbox runs candidates with resource limits only, outside the bubblewrap sandbox: for
tests that need the network or write outside the workspace.`;

export interface CliCommand {
  command: 'fix' | 'analyze';
  engine: EngineOptions;
  jsonPath: string | null;
  apply: boolean;
}

const VALUE_FLAGS = new Set(['--python', '--time-budget', '--max-candidates', '--model', '--device', '--json', '-k']);
const BOOLEAN_FLAGS = new Set(['--no-model', '--apply', '--allow-test-edits', '--no-sandbox']);

function positiveNumber(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new UserError('bad-usage', `${flag} needs a positive number, got "${value}"`);
  return parsed;
}

export function parseArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  if (command !== 'fix' && command !== 'analyze') {
    throw new UserError('bad-usage', command ? `unknown command "${command}"` : 'missing command');
  }
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const tests: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--tests') {
      // Takes every following argument up to the next flag: node ids, files, folders.
      while (i + 1 < rest.length && !rest[i + 1]!.startsWith('-')) tests.push(rest[++i]!);
    } else if (VALUE_FLAGS.has(arg)) {
      const value = rest[++i];
      if (value === undefined) throw new UserError('bad-usage', `${arg} needs a value`);
      if (arg === '-k') tests.push('-k', value);
      else values.set(arg, value);
    } else if (BOOLEAN_FLAGS.has(arg)) {
      flags.add(arg);
    } else if (arg.startsWith('-')) {
      throw new UserError('bad-usage', `unknown option "${arg}"`);
    } else {
      positionals.push(arg);
    }
  }
  if (positionals.length !== 1) throw new UserError('bad-usage', 'expected exactly one workspace folder');
  if (command === 'analyze') {
    for (const fixOnly of ['--time-budget', '--max-candidates', '--model', '--device']) {
      if (values.has(fixOnly)) throw new UserError('bad-usage', `${fixOnly} applies to "fix" only`);
    }
    for (const fixOnly of ['--no-model', '--apply', '--allow-test-edits', '--no-sandbox']) {
      if (flags.has(fixOnly)) throw new UserError('bad-usage', `${fixOnly} applies to "fix" only`);
    }
  }
  if (values.has('--model') && flags.has('--no-model')) throw new UserError('bad-usage', '--model and --no-model exclude each other');
  const device = values.get('--device') ?? 'auto';
  if (device !== 'auto' && device !== 'cpu' && device !== 'cuda') {
    throw new UserError('bad-usage', `--device must be auto, cpu or cuda, got "${device}"`);
  }
  const budget = values.get('--time-budget');
  const maxCandidates = values.get('--max-candidates');
  return {
    command,
    jsonPath: values.get('--json') ?? null,
    apply: flags.has('--apply'),
    engine: {
      workspace: positionals[0]!,
      tests,
      python: values.get('--python'),
      timeBudgetMs: budget === undefined ? undefined : positiveNumber('--time-budget', budget) * 1000,
      maxCandidates: maxCandidates === undefined ? undefined : Math.floor(positiveNumber('--max-candidates', maxCandidates)),
      modelDir: flags.has('--no-model') ? null : values.get('--model'),
      device,
      allowTestEdits: flags.has('--allow-test-edits'),
      sandbox: !flags.has('--no-sandbox'),
    },
  };
}
