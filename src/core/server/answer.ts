import { applyPatch } from 'diff';
import { listFunctions } from '../syntax/functions';

// The function in a model's answer, in the forms models write it: the whole function in a
// fenced block (asked for; the definition of the suspect's name, indented as the suspect is in
// its file), a unified diff, or search/replace blocks (both applied to the suspect's text). What
// is not there is a reason the stats count ("no code block", "another function"), never a
// guess: an answer is code we validate, not prose we interpret.

export type Answered = { functionText: string } | { why: string };

/** The suspect as the answer is read against it. */
export interface AnswerTarget {
  /** Its own name (the last part of its qualified name). */
  name: string;
  /** Its text in the file, ending with a newline. */
  oldFunction: string;
  /** The whitespace before its first line in the file. */
  indent: string;
}

const FENCE = /^[ \t]*```([^\n`]*)\n([\s\S]*?)^[ \t]*```[ \t]*$/gm;
const SEARCH_REPLACE = /^<{5,9} SEARCH[^\n]*\n([\s\S]*?)^={5,9}[ \t]*\n([\s\S]*?)^>{5,9} REPLACE[^\n]*$/gm;

export async function functionFromAnswer(answer: string, target: AnswerTarget): Promise<Answered> {
  const text = answer.replace(/\r\n/g, '\n');
  if (/^<{5,9} SEARCH/m.test(text)) return searchReplaced(text, target.oldFunction);
  const blocks = [...text.matchAll(FENCE)].map((match) => ({ language: match[1]!.trim(), code: match[2]! }));
  if (blocks.length === 0) return { why: text.includes('```') ? 'code block cut off' : 'no code block' };
  const diff = blocks.find(({ language, code }) => language === 'diff' || language === 'patch' || /^@@ .* @@/m.test(code));
  if (diff) return patched(diff.code, target.oldFunction);
  let sawFunction = false;
  let found: string | undefined;
  for (const { code } of blocks) {
    const lines = code.split('\n');
    // Of several definitions of the name, the last (a model that corrects itself writes the fix last).
    for (const fn of await listFunctions(code)) {
      sawFunction = true;
      if (fn.name === target.name) found = lines.slice(fn.startLine - 1, fn.endLine).join('\n');
    }
  }
  if (found === undefined) return { why: sawFunction ? 'another function' : 'no function in the code' };
  return { functionText: reindented(found, target.indent) };
}

/** Each SEARCH text replaced, in order, where it stands once in the function. */
function searchReplaced(text: string, oldFunction: string): Answered {
  let result = oldFunction;
  for (const [, search, replace] of text.matchAll(SEARCH_REPLACE)) {
    const at = result.indexOf(search!);
    if (at < 0 || result.indexOf(search!, at + 1) >= 0) return { why: 'search text not in the function once' };
    result = result.slice(0, at) + replace! + result.slice(at + search!.length);
  }
  return { functionText: result };
}

/** A unified diff's hunks applied to the function (found by their context, whatever their line numbers say). */
function patched(diff: string, oldFunction: string): Answered {
  try {
    const result = applyPatch(oldFunction, diff.endsWith('\n') ? diff : `${diff}\n`, { fuzzFactor: 1 });
    return result === false ? { why: 'diff does not apply' } : { functionText: result };
  } catch {
    return { why: 'diff does not apply' };
  }
}

/** `text` with its common indentation replaced by `indent`, blank lines left empty, ending with a newline. */
function reindented(text: string, indent: string): string {
  const lines = text.split('\n');
  while (lines.at(-1)?.trim() === '') lines.pop();
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length));
  return lines.map((line) => (line.trim() === '' ? '' : indent + line.slice(common))).join('\n') + '\n';
}
