import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { UserError, describeError } from '../core/errors';

/**
 * Writes `bytes` to `target` as a new file renamed over the old one (keeping its mode), so a
 * failed write (read-only folder, full disk) never leaves half a file. `shown`: the file as
 * the user knows it; `outcome`: what did not happen, for the error ("patch not applied").
 */
export async function replaceFile(target: string, bytes: Uint8Array | string, shown: string, outcome: string): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.deepdebug-${process.pid}`);
  try {
    const mode = (await fs.stat(target).catch(() => null))?.mode;
    await fs.writeFile(temporary, bytes);
    if (mode !== undefined) await fs.chmod(temporary, mode);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'the workspace is read-only' : describeError(error);
    throw new UserError('bad-workspace', `cannot write ${shown} (${why}); ${outcome}`, { cause: error });
  }
}
