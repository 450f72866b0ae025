import { listFunctions } from '../syntax/functions';

// The function in a model's answer: the definition of the suspect's name in its fenced code
// blocks, indented as the suspect is in its file. What is not there is a reason the stats
// count ("no code block", "another function"), never a guess: an answer is code we validate,
// not prose we interpret.

export type Answered = { functionText: string } | { why: string };

const FENCE = /^[ \t]*```[^\n`]*\n([\s\S]*?)^[ \t]*```[ \t]*$/gm;

/**
 * The suspect's new text from `answer`: `name` is its own name (the last part of its qualified
 * name), `indent` the whitespace before its first line in the file. Of several definitions of
 * the name, the last one (a model that corrects itself writes the fix last).
 */
export async function functionFromAnswer(answer: string, name: string, indent: string): Promise<Answered> {
  const blocks = [...answer.matchAll(FENCE)].map((match) => match[1]!);
  if (blocks.length === 0) return { why: answer.includes('```') ? 'code block cut off' : 'no code block' };
  let sawFunction = false;
  let found: string | undefined;
  for (const block of blocks) {
    const lines = block.replace(/\r\n/g, '\n').split('\n');
    for (const fn of await listFunctions(block)) {
      sawFunction = true;
      if (fn.name === name) found = lines.slice(fn.startLine - 1, fn.endLine).join('\n');
    }
  }
  if (found === undefined) return { why: sawFunction ? 'another function' : 'no function in the code' };
  return { functionText: reindented(found, indent) };
}

/** `text` with its common indentation replaced by `indent`, blank lines left empty, ending with a newline. */
function reindented(text: string, indent: string): string {
  const lines = text.split('\n');
  while (lines.at(-1)?.trim() === '') lines.pop();
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length));
  return lines.map((line) => (line.trim() === '' ? '' : indent + line.slice(common))).join('\n') + '\n';
}
