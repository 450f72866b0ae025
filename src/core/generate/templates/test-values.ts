import type { Failure, Frame, LocalType } from '../../types';
import { parsePython, type Node } from '../../syntax/parser';
import type { TestLiteral } from './edit';

// What the failing tests themselves say about the values a suspect works on: the literals they
// pass and expect (a wrong literal in the code was often meant to be one of them), and the
// runtime types of the arguments they call functions with. An assertion failure leaves no frame
// of the function under test, so its parameters' types come from the call in the test.

/** Literals kept from the failing tests: enough for the few a site tries, none of them long. */
const MAX_LITERALS = 24;
const MAX_LITERAL_LENGTH = 40;

/** The types a failing test gave one call's arguments. */
export interface ArgumentTypes {
  positional: Array<LocalType | null>;
  keywords: Map<string, LocalType>;
}

export interface TestValues {
  literals: TestLiteral[];
  /** Per called name (`f` of `f(x)` and of `obj.f(x)`), each call's argument types. */
  calls: Map<string, ArgumentTypes[]>;
}

/** The failing tests' literals and call arguments, read from the test functions their frames pass through. */
export async function failingTestValues(
  failures: readonly Failure[],
  readSource: (file: string) => Promise<string | null>,
  isTest: (file: string) => boolean,
): Promise<TestValues> {
  const values: TestValues = { literals: [], calls: new Map() };
  const frames = new Map<string, Frame[]>();
  for (const frame of failures.flatMap((f) => (f.kind === 'test' ? f.frames : []))) {
    if (frame.inWorkspace && isTest(frame.file)) frames.set(frame.file, [...(frames.get(frame.file) ?? []), frame]);
  }
  const seen = new Set<string>();
  for (const [file, fileFrames] of frames) {
    const source = await readSource(file);
    if (source === null) continue;
    const tree = await parsePython(source);
    try {
      const tests = new Map<number, { fn: Node; frame: Frame }>();
      for (const frame of fileFrames) {
        const fn = functionAt(tree.rootNode, frame.line);
        if (fn) tests.set(fn.id, { fn, frame });
      }
      for (const { fn, frame } of tests.values()) {
        for (const literal of literalsIn(fn)) {
          if (values.literals.length >= MAX_LITERALS || seen.has(literal.text)) continue;
          seen.add(literal.text);
          values.literals.push(literal);
        }
        for (const call of fn.descendantsOfType('call')) if (call) addCall(values.calls, call, frame);
      }
    } finally {
      tree.delete();
    }
  }
  return values;
}

/** The parameters' types as every failing call of `name` agrees on them; a method's receiver is not passed. */
export function parameterTypes(calls: ArgumentTypes[] | undefined, params: string[], isMethod: boolean): Map<string, LocalType> {
  const passed = isMethod ? params.slice(1) : params;
  const types = new Map<string, LocalType>();
  const disagree = new Set<string>();
  for (const call of calls ?? []) {
    passed.forEach((param, i) => {
      const type = call.positional[i] ?? call.keywords.get(param);
      if (!type || disagree.has(param)) return;
      const known = types.get(param);
      if (!known) {
        types.set(param, type);
      } else if (known.type !== type.type) {
        types.delete(param);
        disagree.add(param);
      }
    });
  }
  return types;
}

function functionAt(root: Node, line: number): Node | null {
  let found: Node | null = null;
  for (const fn of root.descendantsOfType('function_definition')) {
    if (fn && fn.startPosition.row + 1 <= line && fn.endPosition.row + 1 >= line) found = fn; // the innermost: later in document order
  }
  return found;
}

function literalsIn(fn: Node): TestLiteral[] {
  const literals: TestLiteral[] = [];
  for (const node of fn.descendantsOfType(['string', 'integer', 'float'])) {
    if (!node || node.text.length > MAX_LITERAL_LENGTH) continue;
    if (node.type !== 'string') literals.push({ text: node.text, kind: 'number' });
    // Docstrings and f-strings are not values a literal in the code could have been meant to be.
    else if (node.parent?.type !== 'expression_statement' && PLAIN_STRING.test(node.text))
      literals.push({ text: node.text, kind: 'string' });
  }
  return literals;
}

const PLAIN_STRING = /^[rRuU]?['"]/;

function addCall(calls: Map<string, ArgumentTypes[]>, call: Node, frame: Frame): void {
  const callee = call.childForFieldName('function');
  const name =
    callee?.type === 'attribute' ? callee.childForFieldName('attribute')?.text : callee?.type === 'identifier' ? callee.text : undefined;
  const args = call.childForFieldName('arguments');
  if (!name || args?.type !== 'argument_list') return;
  const types: ArgumentTypes = { positional: [], keywords: new Map() };
  let splat = false;
  for (const arg of args.namedChildren) {
    if (!arg) continue;
    if (arg.type === 'keyword_argument') {
      const [key, value] = [arg.childForFieldName('name')?.text, arg.childForFieldName('value')];
      const type = value && typeOf(value, frame);
      if (key && type) types.keywords.set(key, type);
    } else if (arg.type.endsWith('splat'))
      splat = true; // positions after *args are unknown
    else if (!splat) types.positional.push(typeOf(arg, frame));
  }
  calls.set(name, [...(calls.get(name) ?? []), types]);
}

const LITERAL_TYPES: Record<string, string> = {
  integer: 'int',
  float: 'float',
  true: 'bool',
  false: 'bool',
  none: 'NoneType',
  concatenated_string: 'str',
  list: 'list',
  list_comprehension: 'list',
  dictionary: 'dict',
  dictionary_comprehension: 'dict',
  tuple: 'tuple',
  set: 'set',
};

/** A test argument's type: a literal's, or a name's as the test's frame recorded it. */
function typeOf(node: Node, frame: Frame): LocalType | null {
  if (node.type === 'string') return { type: /^[rRuUfF]*['"]/.test(node.text) ? 'str' : 'bytes' };
  if (node.type === 'identifier') return frame.localTypes?.[node.text] ?? null;
  if (node.type === 'unary_operator') {
    const argument = node.childForFieldName('argument');
    return argument ? typeOf(argument, frame) : null;
  }
  const type = LITERAL_TYPES[node.type];
  return type ? { type } : null;
}
