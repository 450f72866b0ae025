import type { Node } from '../../syntax/parser';
import { identifierRole } from '../../syntax/scope';
import { describeAt, indentationAt, lineOf, nodeEdit, type Edit, type EditContext, type Splice } from './edit';

// Bug patterns a Python linter recognises, each with its textbook fix (the rules and fixes of
// ruff's B006, E711, E712, B023 and F631, which the tests hold these fixes to): a mutable
// default argument (a `None` default and a guard that makes the value per call), a comparison
// with None or a bool by `==` (asks the value's own __eq__), a function made in a loop that
// reads the loop variable when called (bound as a default), an assert on a tuple (always true).
// Ruff itself is not run here: its WebAssembly build is 10 MB and takes most of a second to
// start, and it has fixes for three of the five.

const MUTABLE = new Set(['list', 'dictionary', 'set', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension']);
const MUTABLE_CALLS =
  /^(list|dict|set|bytearray|collections\.(deque|defaultdict|OrderedDict|Counter)|deque|defaultdict|OrderedDict|Counter)\(/;

export function patternEdits(ctx: EditContext): Edit[] {
  return [
    ...mutableDefaults(ctx),
    ...ctx.nodes.flatMap((node) => [...equalityWithSingleton(node), ...assertOnTuple(node), ...lateBinding(node)]),
  ];
}

/** Each mutable default of the suspect function: `None`, and the value made in the body when it is None. */
function mutableDefaults({ owner, source }: EditContext): Edit[] {
  if (owner.type !== 'function_definition') return [];
  const body = owner.childForFieldName('body');
  const first = body?.namedChildren.find((child) => child?.type !== 'comment');
  if (!body || !first || first.startPosition.row === owner.startPosition.row) return [];
  const docstring = first.type === 'expression_statement' && first.namedChildren[0]?.type === 'string';
  // The guard goes after the docstring: before the first statement that does something.
  const after = docstring ? body.namedChildren[body.namedChildren.indexOf(first) + 1] : first;
  if (!after) return [];
  const indent = indentationAt(source, first);
  const at = source.lastIndexOf('\n', after.startIndex - 1) + 1;
  const parameters = owner.childForFieldName('parameters')?.namedChildren ?? [];
  return parameters.flatMap((parameter): Edit[] => {
    if (parameter?.type !== 'default_parameter' && parameter?.type !== 'typed_default_parameter') return [];
    const name = parameter.childForFieldName('name')?.text;
    const value = parameter.childForFieldName('value');
    if (!name || !value || !(MUTABLE.has(value.type) || (value.type === 'call' && MUTABLE_CALLS.test(value.text)))) return [];
    const guard = `${indent}if ${name} is None:\n${indent}    ${name} = ${value.text}\n`;
    return [
      {
        kind: 'mutable-default',
        plausibility: 1,
        splices: [
          { start: value.startIndex, end: value.endIndex, text: 'None' },
          { start: at, end: at, text: guard },
        ],
        summary: describeAt(lineOf(parameter), `default \`${name}=${value.text}\` made once → \`None\`, a new \`${value.text}\` per call`),
        // The lines that use the shared value are where the failing tests point, not the def line.
        anchorLines: [lineOf(parameter), ...linesReading(body, name)],
      },
    ];
  });
}

/** `x == None` → `x is None`; `x == True` → `x`, `x == False` → `not x` (and `!=`): identity and truth, not the value's __eq__. */
function equalityWithSingleton(node: Node): Edit[] {
  if (node.type !== 'comparison_operator' || node.namedChildCount !== 2) return [];
  const operator = node.children.find((child) => child && (child.type === '==' || child.type === '!='))?.type;
  if (!operator || node.children.filter((child) => child && !child.isNamed).length !== 1) return [];
  const [left, right] = node.namedChildren as [Node, Node];
  const [value, singleton] = ['none', 'true', 'false'].includes(right.type) ? [left, right] : [right, left];
  if (value === singleton || !['none', 'true', 'false'].includes(singleton.type) || ['none', 'true', 'false'].includes(value.type))
    return [];
  if (singleton.type === 'none')
    return [nodeEdit('none-comparison', 1, node, `${left.text} ${operator === '==' ? 'is' : 'is not'} ${right.text}`)];
  const truthy = (singleton.type === 'true') === (operator === '==');
  const operand =
    value.type === 'comparison_operator' ||
    value.type === 'boolean_operator' ||
    value.type === 'not_operator' ||
    value.type === 'conditional_expression'
      ? `(${value.text})`
      : value.text;
  const text = truthy ? value.text : `not ${operand}`;
  const standalone = [
    'if_statement',
    'elif_clause',
    'while_statement',
    'return_statement',
    'assignment',
    'parenthesized_expression',
    'argument_list',
    'boolean_operator',
    'expression_statement',
    'assert_statement',
    'if_clause',
  ].includes(node.parent?.type ?? '');
  return [nodeEdit('bool-comparison', 1, node, standalone || truthy ? text : `(${text})`)];
}

/** `assert (cond, "message")` → `assert cond, "message"`. */
function assertOnTuple(node: Node): Edit[] {
  if (node.type !== 'assert_statement') return [];
  const [test, ...rest] = node.namedChildren;
  const tuple = test?.type === 'parenthesized_expression' ? null : test;
  if (rest.length > 0 || tuple?.type !== 'tuple' || tuple.namedChildCount !== 2) return [];
  const [condition, message] = tuple.namedChildren as [Node, Node];
  return [nodeEdit('assert-tuple', 1, node, `assert ${condition.text}, ${message.text}`)];
}

/** A lambda or def in a loop (or comprehension) that reads the loop's variables when called: each bound as a default of its own. */
function lateBinding(node: Node): Edit[] {
  if (node.type !== 'lambda' && node.type !== 'function_definition') return [];
  const names = loopVariablesAround(node);
  if (names.size === 0) return [];
  const parameters = node.childForFieldName('parameters');
  const own = new Set(
    (parameters?.namedChildren ?? []).map((p) => (p?.type === 'identifier' ? p.text : p?.childForFieldName('name')?.text)),
  );
  const body = node.childForFieldName('body');
  const read = [...names].filter((name) => !own.has(name) && body !== null && linesReading(body, name).length > 0);
  if (read.length === 0) return [];
  const bound = read.map((name) => `${name}=${name}`).join(', ');
  const splice = parameterSplice(node, parameters, bound);
  if (!splice) return [];
  const what = node.type === 'lambda' ? 'the lambda' : `\`${node.childForFieldName('name')?.text}\``;
  return [
    {
      kind: 'late-binding',
      plausibility: 1,
      splices: [splice],
      summary: describeAt(lineOf(node), `${what} binds ${read.map((name) => `\`${name}\``).join(', ')} when made, not when called`),
      anchorLines: [lineOf(node)],
    },
  ];
}

/** Where `bound` goes among the parameters: last, but before `**kwargs`. */
function parameterSplice(fn: Node, parameters: Node | null, bound: string): Splice | null {
  const list = (parameters?.namedChildren ?? []).filter((p): p is Node => !!p);
  const kwargs = list.find((p) => p.type === 'dictionary_splat_pattern');
  if (kwargs) return { start: kwargs.startIndex, end: kwargs.startIndex, text: `${bound}, ` };
  const last = list.at(-1);
  if (last) return { start: last.endIndex, end: last.endIndex, text: `, ${bound}` };
  if (fn.type === 'function_definition' && parameters)
    return { start: parameters.startIndex + 1, end: parameters.startIndex + 1, text: bound };
  if (fn.type === 'lambda') {
    const keyword = fn.children[0]!;
    return { start: keyword.endIndex, end: keyword.endIndex, text: ` ${bound}` };
  }
  return null;
}

/** The names a loop or comprehension around `node` (within its function) binds on each pass. */
function loopVariablesAround(node: Node): Set<string> {
  const names = new Set<string>();
  for (let at = node.parent; at && at.type !== 'function_definition' && at.type !== 'class_definition'; at = at.parent) {
    const targets =
      at.type === 'for_statement' && at.childForFieldName('body') && isWithin(node, at.childForFieldName('body')!)
        ? [at.childForFieldName('left')]
        : at.type.endsWith('comprehension') || at.type === 'generator_expression'
          ? at.namedChildren.filter((c) => c?.type === 'for_in_clause').map((clause) => clause!.childForFieldName('left'))
          : [];
    for (const target of targets) for (const name of identifiersIn(target)) names.add(name);
  }
  return names;
}

function isWithin(node: Node, outer: Node): boolean {
  return node.startIndex >= outer.startIndex && node.endIndex <= outer.endIndex;
}

function identifiersIn(target: Node | null | undefined): string[] {
  if (!target) return [];
  if (target.type === 'identifier') return [target.text];
  return target.namedChildren.flatMap((child) => identifiersIn(child));
}

/** The lines of `node` that read `name`. */
function linesReading(node: Node, name: string): number[] {
  if (node.type === 'identifier') return node.text === name && identifierRole(node) === 'value' ? [lineOf(node)] : [];
  return node.namedChildren.flatMap((child) => (child ? linesReading(child, name) : []));
}
