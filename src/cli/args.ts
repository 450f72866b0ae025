import { UserError } from '../core/errors';
import type { EngineOptions } from '../core/types';
import { oneOf, parseOptions, positiveNumber, type OptionsConfig, type ParsedOptions } from './options';

// The CLI contract of the design (keep it stable, extend it compatibly):
//   deepdebug fix <workspace> [--tests <selection>...] [-k <expr>] [--python <path>] [--time-budget <s>]
//                 [--max-candidates <n>] [--model <folder> | --no-model] [--device auto|cpu|cuda]
//                 [--json <file>] [--apply] [--allow-test-edits] [--no-sandbox] [--verbose]
//   deepdebug analyze <workspace> [--tests ...] [-k <expr>] [--python <path>] [--json <file>]
//   deepdebug add-test <report file> --answer <n>
//   deepdebug [fix | analyze | add-test] --help | -h

export const USAGE = `usage:
  deepdebug fix <workspace> [--tests <selection>...] [-k <expr>] [--python <path>]
                [--time-budget <seconds>] [--max-candidates <n>]
                [--model <folder> | --no-model] [--device auto|cpu|cuda]
                [--json <report file>] [--apply] [--allow-test-edits] [--no-sandbox]
                [--verbose]
  deepdebug analyze <workspace> [--tests <selection>...] [-k <expr>] [--python <path>] [--json <file>]
  deepdebug add-test <report file> --answer <n>
  deepdebug [fix | analyze | add-test] --help | -h

exit codes: 0 a fix found (fix) / analysis done (analyze) / test added (add-test),
            1 no patch found, 2 bad input or usage, 3 nothing to fix (no failing test),
            4 only unconfirmed patches found (they pass the tests; nothing else confirms them)

--tests takes every argument after it up to the next option: node ids, files, folders.
A value goes after its option or after "=" (--json=report.json); one starting with "-" needs "=".
--no-sandbox runs candidates with resource limits only, outside the bubblewrap sandbox: for
tests that need the network or write outside the workspace.
--verbose also prints where the time went: each stage's start, end and duration.
add-test: where the validated patches of a fix report (--json) disagree, writes the test of
the answer you pick (numbered as fix printed them) into the workspace and puts the patches that
give it first in the report; fix itself never writes a test.`;

export interface RunCommand {
  command: 'fix' | 'analyze';
  engine: EngineOptions;
  jsonPath: string | null;
  apply: boolean;
  /** Print the run's timeline (fix only). */
  verbose: boolean;
}

/** `add-test`: the test of one answer of a fix report's disagreement joins the user's suite. */
export interface AddTestCommand {
  command: 'add-test';
  reportPath: string;
  /** 1-based, as the fix report printed the answers. */
  answer: number;
}

/** A run, an accepted test, or a request for the usage (printed to stdout, exit 0). */
export type CliCommand = RunCommand | AddTestCommand | { command: 'help' };

const HELP: CliCommand = { command: 'help' };

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const satisfies OptionsConfig;

const OPTIONS = {
  ...HELP_OPTION,
  // A flag: the selections are the positionals that follow it (see splitPositionals).
  tests: { type: 'boolean' },
  k: { type: 'string' },
  python: { type: 'string' },
  'time-budget': { type: 'string' },
  'max-candidates': { type: 'string' },
  model: { type: 'string' },
  'no-model': { type: 'boolean' },
  device: { type: 'string' },
  json: { type: 'string' },
  apply: { type: 'boolean' },
  'allow-test-edits': { type: 'boolean' },
  'no-sandbox': { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const satisfies OptionsConfig;

const DEVICES = ['auto', 'cpu', 'cuda'] as const;

const FIX_ONLY = [
  'time-budget',
  'max-candidates',
  'model',
  'device',
  'no-model',
  'apply',
  'allow-test-edits',
  'no-sandbox',
  'verbose',
] as const;

/**
 * The test selection and the other positionals, in the order given: `--tests` takes every
 * positional after it up to the next option, `-k <expr>` joins the selection where it stands.
 */
function splitPositionals(tokens: ParsedOptions<typeof OPTIONS>['tokens']): { tests: string[]; others: string[] } {
  const tests: string[] = [];
  const others: string[] = [];
  let inTests = false;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      (inTests ? tests : others).push(token.value);
      continue;
    }
    inTests = token.kind === 'option' && token.name === 'tests';
    if (token.kind === 'option' && token.name === 'k') tests.push('-k', token.value);
  }
  return { tests, others };
}

function parseRun(command: RunCommand['command'], args: readonly string[]): CliCommand {
  const { values, tokens } = parseOptions(args, OPTIONS);
  if (values.help) return HELP;
  const { tests, others } = splitPositionals(tokens);
  if (others.length !== 1) throw new UserError('bad-usage', 'expected exactly one workspace folder');
  if (command === 'analyze') {
    const fixOnly = FIX_ONLY.find((name) => values[name] !== undefined);
    if (fixOnly) throw new UserError('bad-usage', `--${fixOnly} applies to "fix" only`);
  }
  if (values.model !== undefined && values['no-model']) throw new UserError('bad-usage', '--model and --no-model exclude each other');
  const budget = values['time-budget'];
  const maxCandidates = values['max-candidates'];
  return {
    command,
    jsonPath: values.json ?? null,
    apply: values.apply ?? false,
    verbose: values.verbose ?? false,
    engine: {
      workspace: others[0]!,
      tests,
      python: values.python,
      timeBudgetMs: budget === undefined ? undefined : positiveNumber('--time-budget', budget) * 1000,
      maxCandidates: maxCandidates === undefined ? undefined : Math.floor(positiveNumber('--max-candidates', maxCandidates)),
      modelDir: values['no-model'] ? null : values.model,
      device: oneOf('--device', values.device ?? 'auto', DEVICES),
      allowTestEdits: values['allow-test-edits'] ?? false,
      sandbox: !values['no-sandbox'],
    },
  };
}

const ADD_TEST_OPTIONS = { ...HELP_OPTION, answer: { type: 'string' } } as const satisfies OptionsConfig;

function parseAddTest(args: readonly string[]): CliCommand {
  const { values, positionals } = parseOptions(args, ADD_TEST_OPTIONS);
  if (values.help) return HELP;
  if (positionals.length !== 1) throw new UserError('bad-usage', 'expected exactly one report file (written by fix --json)');
  if (values.answer === undefined) throw new UserError('bad-usage', 'add-test needs --answer <n>: the answer whose test to add');
  const answer = positiveNumber('--answer', values.answer);
  if (!Number.isInteger(answer)) throw new UserError('bad-usage', `--answer needs a whole number, got "${values.answer}"`);
  return { command: 'add-test', reportPath: positionals[0]!, answer };
}

export function parseArgs(argv: readonly string[]): CliCommand {
  const [command] = argv;
  if (command === 'fix' || command === 'analyze') return parseRun(command, argv.slice(1));
  if (command === 'add-test') return parseAddTest(argv.slice(1));
  if (command === 'help') return HELP;
  // Before a command, --help is the only option.
  if (parseOptions(argv, HELP_OPTION).values.help) return HELP;
  throw new UserError('bad-usage', command === undefined ? 'missing command' : `unknown command "${command}"`);
}
