import { buildModelInput, formatTrace } from '../skeleton';
import { listFunctions } from '../syntax/functions';
import type { Failure, Suspect } from '../types';
import type { ChatMessage } from './client';

// The DeepDebug input as a chat: the suspect function within its file's skeleton (the same
// skeleton the shipped model reads, with a larger budget), its most suspicious lines, the
// failing tests' source, and the failure with the failing frames' locals; the answer asked for
// as the whole corrected function in one fenced block (answer.ts reads it).

/** The skeleton's budget (estimated tokens): a large model reads far more than ours. */
const SKELETON_TOKENS = 1_500;
const TRACE_TOKENS = 700;
/** Failing tests shown, and lines of each at most. */
const TESTS_SHOWN = 2;
const TEST_LINES = 60;
const SUSPICIOUS_LINES = 3;

const SYSTEM = [
  'You fix bugs in Python code so that failing tests pass without breaking the others.',
  'Change the code under test, never the tests. Keep the function name and signature.',
  'Answer with the whole corrected function in one ```python fenced block.',
].join(' ');

export interface PromptInput {
  suspect: Suspect;
  /** The suspect's file. */
  source: string;
  /** The failing tests, the one that runs through the suspect first. */
  failures: readonly Failure[];
  readSource: (file: string) => Promise<string | null>;
}

export async function serverPrompt({ suspect, source, failures, readSource }: PromptInput): Promise<ChatMessage[]> {
  const skeleton = await buildModelInput({
    source,
    file: suspect.file,
    focal: { function: suspect.function, startLine: suspect.startLine, endLine: suspect.endLine },
    tokenBudget: SKELETON_TOKENS,
  });
  const lines = source.split('\n');
  const suspicious = suspect.lines
    .slice(0, SUSPICIOUS_LINES)
    .map(({ line }) => `- line ${line}: \`${(lines[line - 1] ?? '').trim()}\``)
    .join('\n');
  const tests = (await Promise.all(failures.slice(0, TESTS_SHOWN).map((failure) => testSource(failure.nodeid, readSource)))).filter(
    (text): text is string => text !== null,
  );
  const [first] = failures;
  const parts = [
    `The function \`${suspect.function}\` in \`${suspect.file}\` has a bug: the failing tests below run through it.`,
    `Its file, outlined (the function is whole, between \`# target edit\` and \`# end\`):\n\`\`\`python\n${skeleton.skeleton.trimEnd()}\n\`\`\``,
    ...(suspicious ? [`Its most suspicious lines, by the failing and passing tests' coverage and traces:\n${suspicious}`] : []),
    ...tests.map((text) => `A failing test:\n\`\`\`python\n${text.trimEnd()}\n\`\`\``),
    ...(first
      ? [`How it fails (the frames' local variables included):\n\`\`\`\n${formatTrace(first, TRACE_TOKENS).trimEnd()}\n\`\`\``]
      : []),
    `Answer with the whole corrected function \`${suspect.function.split('.').at(-1)}\` in one \`\`\`python block.`,
  ];
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** The test function of `nodeid` ("tests/test_x.py::TestY::test_z[1]"), cut to TEST_LINES; null where it cannot be read. */
async function testSource(nodeid: string, readSource: (file: string) => Promise<string | null>): Promise<string | null> {
  const [file, ...names] = nodeid.split('::');
  const name = names.join('.').replace(/\[.*$/, '');
  if (!file || !name) return null;
  const source = await readSource(file);
  if (source === null) return null;
  const fn = (await listFunctions(source)).find((f) => f.qualname === name);
  if (!fn) return null;
  const lines = source.split('\n').slice(fn.startLine - 1, fn.endLine);
  return (lines.length > TEST_LINES ? [...lines.slice(0, TEST_LINES), '    ...'] : lines).join('\n');
}
