import type { ProgressEvent } from '../core/types';

/**
 * Progress on stderr: one rewritten line on a terminal, plain lines otherwise (logs, CI).
 * `note` writes lines that stay (a fix found while the run goes on), stamped like the progress.
 */
export function progressPrinter(stream: NodeJS.WriteStream): {
  report: (event: ProgressEvent) => void;
  note: (text: string) => void;
  finish: () => void;
} {
  const started = Date.now();
  let lastStage = '';
  let dirty = false;
  const seconds = (): string => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  if (stream.isTTY) {
    return {
      report(event) {
        const width = 24;
        const bar =
          event.total && event.done !== undefined
            ? ` [${'#'.repeat(Math.round((width * event.done) / event.total)).padEnd(width, '.')}]`
            : '';
        const line = `${seconds().padStart(6)} ${event.message}${bar}`;
        stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 80) - 1)}`);
        dirty = true;
      },
      note(text) {
        stream.write(`\r\x1b[2K${seconds().padStart(6)} ${text}\n`);
        dirty = false;
      },
      finish() {
        if (dirty) stream.write('\r\x1b[2K');
      },
    };
  }
  let noted = false;
  return {
    report(event) {
      // Validation reports per candidate; in a log, once per stage and every 25 is enough, and
      // none once a fix was noted (the search for alternatives is not news).
      const repeat = event.stage === lastStage && event.stage === 'validating';
      if (repeat && (noted || (event.done ?? 0) % 25 !== 0)) return;
      lastStage = event.stage;
      stream.write(`[${seconds()}] ${event.message}\n`);
    },
    note(text) {
      noted = true;
      stream.write(`[${seconds()}] ${text}\n`);
    },
    finish() {},
  };
}
