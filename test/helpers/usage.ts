import * as assert from 'node:assert/strict';
import { UserError } from '../../src/core/errors';

// Command lines that must be refused: by the CLI and by the benchmarks, through src/cli/options.ts.

/** The message of the `bad-usage` error `read` throws: one line, as it is printed. */
export function usageErrorOf(read: () => unknown, what: string): string {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof UserError, `${what}: ${String(error)}`);
    assert.equal(error.code, 'bad-usage');
    assert.doesNotMatch(error.message, /\n/);
    return error.message;
  }
  assert.fail(`expected a usage error for ${what}`);
}
