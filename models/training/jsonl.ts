// JSON Lines, as the training steps write them (one record a line), read back by the scripts.
import * as fs from 'node:fs';

/**
 * The records of a JSON Lines file, blank lines skipped. `skipBroken` also skips lines that are
 * no whole record: a file another step is still writing, or one a stopped run cut off.
 */
export function readJsonl<T>(file: string, options: { skipBroken?: boolean } = {}): T[] {
  const records: T[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      records.push(JSON.parse(line) as T);
    } catch (error) {
      if (!options.skipBroken) throw error;
    }
  }
  return records;
}
