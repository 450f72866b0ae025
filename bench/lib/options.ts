// Command-line options of the benchmark scripts, read as the CLI reads its own (Node's
// parseArgs, strict), with one clear line and exit status 2 for a bad option or value.
import { parseOptions, type OptionsConfig, type ParsedOptions } from '../../src/cli/options';
import { UserError } from '../../src/core/errors';

export { oneOf, positiveNumber } from '../../src/cli/options';

/**
 * `settings` made from the options' values in `args`. An unknown option, a missing value, an
 * argument that is no option, or a value `settings` refuses (with a UserError) is one UserError,
 * its line naming the script's options.
 */
export function readOptions<O extends OptionsConfig, S>(
  args: readonly string[],
  options: O,
  settings: (values: ParsedOptions<O>['values']) => S,
): S {
  try {
    const { values, positionals } = parseOptions(args, options);
    if (positionals.length > 0) throw new UserError('bad-usage', `unexpected argument "${positionals[0]}"`);
    return settings(values);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const names = Object.keys(options)
      .map((name) => `--${name}`)
      .join(', ');
    throw new UserError('bad-usage', `${error.message} (options: ${names})`, { cause: error });
  }
}

/** readOptions over this process's arguments; a bad one ends the script with its line on stderr and exit status 2. */
export function benchOptions<O extends OptionsConfig, S>(options: O, settings: (values: ParsedOptions<O>['values']) => S): S {
  try {
    return readOptions(process.argv.slice(2), options, settings);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** The value of an option the script cannot run without. */
export function required(flag: string, value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new UserError('bad-usage', `${flag} ${what} is required`);
  return value;
}

/** A value that must be a whole number of at least `least` (passes, workers, a step). */
export function wholeNumber(flag: string, value: string, least: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < least)
    throw new UserError('bad-usage', `${flag} needs a whole number of at least ${least}, got "${value}"`);
  return parsed;
}

/** A comma-separated list, each item one of `known`. */
export function listOf<T extends string>(flag: string, value: string, known: readonly T[]): T[] {
  const items = value.split(',');
  const unknown = items.filter((item) => !known.includes(item as T));
  if (unknown.length > 0)
    throw new UserError('bad-usage', `${flag}: unknown ${unknown.map((u) => `"${u}"`).join(', ')} (choose from ${known.join(', ')})`);
  return items as T[];
}
