// Errors the user can act on. Each carries a code so the CLI can map it to an exit status and
// the extension to a message, and a one-line message meant to be shown as it is.

export type UserErrorCode =
  | 'bad-workspace' // missing folder, not a directory
  | 'no-python' // interpreter not found or not runnable
  | 'no-pytest' // pytest not importable by the interpreter
  | 'no-tests' // nothing collected
  | 'pytest-usage' // bad selection or pytest configuration error
  | 'pytest-start' // a conftest.py or plugin raised or exited while pytest imported it
  | 'bad-model' // model folder missing or corrupt
  | 'no-model-runtime' // onnxruntime-node absent, or without a build for this platform
  | 'bad-model-server' // a model server URL that is malformed, or off this machine without allowRemote
  | 'bad-report' // a fix report that add-test cannot take a test from
  | 'bad-usage'; // CLI misuse

export class UserError extends Error {
  constructor(
    readonly code: UserErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UserError';
  }
}

export class CanceledError extends Error {
  constructor(message = 'Canceled') {
    super(message);
    this.name = 'CanceledError';
  }
}

export function isCanceled(error: unknown): boolean {
  return error instanceof CanceledError || (error instanceof Error && error.name === 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CanceledError();
}

/** One line for humans, following `cause` chains. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && parts.length < 4) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}
