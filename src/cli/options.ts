import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UserError } from '../core/errors';

// Command-line options read by Node's own parser, strictly, for the CLI and the benchmarks.
// Node's errors name no argument and run over several lines; ours say which one, in one line.

/** The option table parseArgs takes (@types/node does not export its name). */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

interface StrictConfig<O extends OptionsConfig> {
  args: string[];
  options: O;
  strict: true;
  allowPositionals: true;
  tokens: true;
}

export type ParsedOptions<O extends OptionsConfig> = ReturnType<typeof parseArgs<StrictConfig<O>>>;

/** Values, positionals and every token in order; a misuse is a `bad-usage` UserError. */
export function parseOptions<O extends OptionsConfig>(args: readonly string[], options: O): ParsedOptions<O> {
  const config: StrictConfig<O> = { args: [...args], options, strict: true, allowPositionals: true, tokens: true };
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code?.startsWith('ERR_PARSE_ARGS_')) throw error;
    throw new UserError('bad-usage', misuse(args, options) ?? (error as Error).message.split('\n')[0]!, { cause: error });
  }
}

/** The first option the strict parse rejects, read again leniently so it can be named. */
function misuse(args: readonly string[], options: OptionsConfig): string | undefined {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const { rawName, value } = token;
    const type = Object.hasOwn(options, token.name) ? options[token.name]!.type : undefined;
    // A short option may be one of a group (-odd is -o -d -d): name the argument as typed.
    if (type === undefined) return `unknown option "${rawName.startsWith('--') ? rawName : args[token.index]}"`;
    if (type === 'boolean' && value !== undefined) return `${rawName} takes no value`;
    if (type === 'string' && value === undefined) return `${rawName} needs a value`;
    // Strict parsing refuses a separate value that looks like an option: usually a forgotten value.
    if (type === 'string' && !token.inlineValue && value!.length > 1 && value!.startsWith('-')) {
      const attached = rawName.startsWith('--') ? `${rawName}=${value}` : `${rawName}${value}`;
      return `${rawName} needs a value ("${value}" looks like an option; write ${attached} if it is the value)`;
    }
  }
  return undefined;
}

/** A value that must be a number above zero (seconds, counts). */
export function positiveNumber(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new UserError('bad-usage', `${flag} needs a positive number, got "${value}"`);
  return parsed;
}

/** A value that must be one of `choices`. */
export function oneOf<T extends string>(flag: string, value: string, choices: readonly T[]): T {
  if (choices.includes(value as T)) return value as T;
  const listed = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  throw new UserError('bad-usage', `${flag} must be ${listed}, got "${value}"`);
}
