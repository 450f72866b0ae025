import { UserError } from '../core/errors';
import { modelServerSettings, serverBase } from '../core/server';
import { VALIDATOR_KINDS } from '../core/validate/options';
import type { EngineOptions, ModelServerSettings } from '../core/types';
import { oneOf, parseOptions, positiveNumber, type OptionsConfig, type ParsedOptions } from './options';

// The CLI contract of the design (keep it stable, extend it compatibly):
//   deepdebug fix <workspace> [--tests <selection>...] [-k <expr>] [--python <path>] [--time-budget <s>]
//                 [--max-candidates <n>] [--model <folder> | --no-model] [--device auto|cpu|cuda]
//                 [--json <file>] [--apply] [--allow-test-edits] [--no-sandbox] [--validator fork|spawn] [--verbose]
//                 [--model-server <url> [--server-model <name>] [--server-api openai|ollama|auto]
//                  [--server-samples <n>] [--server-timeout <s>] [--server-key-env <VAR>] [--allow-remote-server]]
//   deepdebug analyze <workspace> [--tests ...] [-k <expr>] [--python <path>] [--json <file>]
//   deepdebug add-test <report file> --answer <n>
//   deepdebug [fix | analyze | add-test] --help | -h

export const USAGE = `usage:
  deepdebug fix <workspace> [--tests <selection>...] [-k <expr>] [--python <path>]
                [--time-budget <seconds>] [--max-candidates <n>]
                [--model <folder> | --no-model] [--device auto|cpu|cuda]
                [--json <report file>] [--apply] [--allow-test-edits] [--no-sandbox]
                [--validator fork|spawn] [--verbose]
                [--model-server <url> [--server-model <name>] [--server-api openai|ollama|auto]
                 [--server-samples <n>] [--server-timeout <seconds>] [--server-key-env <VAR>]
                 [--allow-remote-server]]
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
--validator spawn runs each candidate in a warm pytest session's own process, put back after it,
instead of a child forked from it (fork, the default where Python can fork; spawn on Windows).
--verbose also prints where the time went: each stage's start, end and duration.
--model-server asks your own model server (Ollama, llama.cpp's server, LM Studio, vLLM) for the
whole fixed function of each top suspect, beside the search; its answers are validated like any
other patch. The API (Ollama's or the OpenAI-compatible one) and the model (the first code model
it lists) are asked of the server unless given; 3 answers per suspect, 60 s per request unless
given. The API key, if the server needs one, is read from the environment variable named by
--server-key-env. Your code goes to that server: one off this machine needs --allow-remote-server.
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
  validator: { type: 'string' },
  verbose: { type: 'boolean' },
  'model-server': { type: 'string' },
  'server-model': { type: 'string' },
  'server-api': { type: 'string' },
  'server-samples': { type: 'string' },
  'server-timeout': { type: 'string' },
  'server-key-env': { type: 'string' },
  'allow-remote-server': { type: 'boolean' },
} as const satisfies OptionsConfig;

const SERVER_APIS = ['auto', 'openai', 'ollama'] as const;
/** Options that only mean something beside --model-server. */
const SERVER_ONLY = ['server-model', 'server-api', 'server-samples', 'server-timeout', 'server-key-env', 'allow-remote-server'] as const;

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
  'validator',
  'verbose',
  'model-server',
  ...SERVER_ONLY,
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

/** The model server's settings from the flags (the key read from the variable they name), or none. */
function modelServerOf(values: ParsedOptions<typeof OPTIONS>['values'], env: NodeJS.ProcessEnv): ModelServerSettings | undefined {
  const url = values['model-server'];
  if (url === undefined) {
    const stray = SERVER_ONLY.find((name) => values[name] !== undefined);
    if (stray) throw new UserError('bad-usage', `--${stray} needs --model-server <url>`);
    return undefined;
  }
  const keyVariable = values['server-key-env'];
  const apiKey = keyVariable === undefined ? undefined : env[keyVariable];
  if (keyVariable !== undefined && !apiKey)
    throw new UserError('bad-usage', `--server-key-env names ${keyVariable}, which is not set in the environment`);
  const samples = values['server-samples'];
  const timeout = values['server-timeout'];
  const settings = modelServerSettings({
    url,
    api: oneOf('--server-api', values['server-api'] ?? 'auto', SERVER_APIS),
    ...(values['server-model'] !== undefined ? { model: values['server-model'] } : {}),
    ...(samples !== undefined ? { samples: Math.floor(positiveNumber('--server-samples', samples)) } : {}),
    ...(timeout !== undefined ? { timeoutSeconds: positiveNumber('--server-timeout', timeout) } : {}),
    ...(apiKey ? { apiKey } : {}),
    allowRemote: values['allow-remote-server'] ?? false,
  });
  serverBase(settings.url, settings.allowRemote); // one clear error now, not mid-run
  return settings;
}

function parseRun(command: RunCommand['command'], args: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
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
  const modelServer = modelServerOf(values, env);
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
      ...(values.validator === undefined ? {} : { validator: oneOf('--validator', values.validator, VALIDATOR_KINDS) }),
      ...(modelServer ? { modelServer } : {}),
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

/** `env`: where --server-key-env's variable is read. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  const [command] = argv;
  if (command === 'fix' || command === 'analyze') return parseRun(command, argv.slice(1), env);
  if (command === 'add-test') return parseAddTest(argv.slice(1));
  if (command === 'help') return HELP;
  // Before a command, --help is the only option.
  if (parseOptions(argv, HELP_OPTION).values.help) return HELP;
  throw new UserError('bad-usage', command === undefined ? 'missing command' : `unknown command "${command}"`);
}
