import * as assert from 'node:assert/strict';

/** `text` with each `[from, to]` replaced in turn; each `from` must occur exactly once. */
export function edited(text: string, ...edits: [string, string][]): string {
  return edits.reduce((current, [from, to]) => {
    assert.equal(current.split(from).length, 2, `\`${from}\` occurs once in:\n${current}`);
    return current.replace(from, to);
  }, text);
}
