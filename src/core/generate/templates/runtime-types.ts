import type { Node } from '../../syntax/parser';
import { calleeName, describeChange, lineOf, nameSimilarity, nodeEdit, type Edit, type EditContext, type TestLiteral } from './edit';
import { swapName, type Confusions } from './calls';
import { identifierRole } from '../../syntax/scope';

// Edits the runtime types make possible: the failing runs showed what a name holds (its frame's
// locals, or the test's argument), so its type's own methods and conversions can be tried where
// it is read (`s` -> `s.strip()`, `price` -> `round(price, 2)`, `d[k]` -> `d.get(k)`), an
// attribute read can become another attribute the object has, and a literal can become one of
// the failing tests' own values. Other families try calls.ts's method swaps, builtins.ts's
// wraps and wrapping.ts's sorted/reversed on any name; this one adds only what a known type
// allows, and nothing for a name whose type is unknown.

// Alternatives per site, and edits in all, beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 8;
const MAX_EDITS = 150;

type Wrap = readonly [template: (x: string) => string, plausibility: number, group?: 'case' | 'space'];

// A str read where a normalized one was meant; two deep only for the common strip-then-case.
const STR_WRAPS: readonly Wrap[] = [
  [(x) => `${x}.strip()`, 1, 'space'],
  [(x) => `${x}.lower()`, 1, 'case'],
  [(x) => `${x}.upper()`, 0.6, 'case'],
  [(x) => `${x}.title()`, 0.5, 'case'],
  [(x) => `${x}.rstrip()`, 0.5, 'space'],
  [(x) => `${x}.lstrip()`, 0.4, 'space'],
  [(x) => `${x}.casefold()`, 0.4, 'case'],
  [(x) => `${x}.strip().lower()`, 0.5, 'space'],
];
const STR_GROUPS: Record<string, 'case' | 'space'> = {
  lower: 'case',
  upper: 'case',
  title: 'case',
  casefold: 'case',
  capitalize: 'case',
  strip: 'space',
  lstrip: 'space',
  rstrip: 'space',
};

const INT_WRAPS: readonly Wrap[] = [
  [(x) => `abs(${x})`, 0.5],
  [(x) => `str(${x})`, 0.4],
  [(x) => `float(${x})`, 0.3],
];
const FLOAT_WRAPS: readonly Wrap[] = [
  [(x) => `round(${x}, 2)`, 0.7],
  [(x) => `round(${x})`, 0.6],
  [(x) => `int(${x})`, 0.6],
  [(x) => `abs(${x})`, 0.5],
  [(x) => `round(${x}, 1)`, 0.4],
  [(x) => `int(round(${x}))`, 0.3],
  [(x) => `str(${x})`, 0.3],
];
// wrapping.ts tries sorted(x) and reversed(x) where a name is handed on; these are the rest.
const SEQUENCE_WRAPS: readonly Wrap[] = [
  [(x) => `list(dict.fromkeys(${x}))`, 0.6],
  [(x) => `sorted(set(${x}))`, 0.5],
  [(x) => `${x}[::-1]`, 0.4],
  [(x) => `len(${x})`, 0.4],
];
const SORTED: Wrap = [(x) => `sorted(${x})`, 0.6];

const SEQUENCES = new Set(['list', 'tuple', 'deque']);
const SETS = new Set(['set', 'frozenset']);
const MAPPINGS = new Set(['dict', 'defaultdict', 'OrderedDict', 'Counter']);

/** Positions where a converted value fits: returned, passed, assigned, compared, combined, iterated, indexed. */
function valuePosition(node: Node): 'handed-on' | 'other' | null {
  const parent = node.parent;
  switch (parent?.type) {
    case 'return_statement':
    case 'argument_list':
    case 'binary_operator':
    case 'expression_list':
      return 'handed-on';
    case 'assignment':
      return parent.childForFieldName('right')?.id === node.id ? 'handed-on' : null;
    case 'comparison_operator':
      return 'other';
    case 'for_statement':
    case 'for_in_clause':
      return parent.childForFieldName('right')?.id === node.id ? 'other' : null;
    case 'subscript':
      return parent.childForFieldName('value')?.id === node.id ? 'other' : null;
    default:
      return null;
  }
}

/** The builtin a value is already passed to alone, e.g. `round` of `round(x)`. */
function wrappedIn(node: Node): string | undefined {
  return node.parent?.type === 'argument_list' && node.parent.namedChildCount === 1 ? calleeName(node.parent.parent) : undefined;
}

/** The method called on a name, e.g. `lower` of `s.lower()`. */
function methodCalledOn(node: Node): string | undefined {
  const attribute = node.parent;
  if (attribute?.type !== 'attribute' || attribute.childForFieldName('object')?.id !== node.id) return undefined;
  return attribute.parent?.type === 'call' ? attribute.childForFieldName('attribute')?.text : undefined;
}

function wrapsFor(node: Node, type: string): readonly Wrap[] {
  if (type === 'str') {
    // s.lower() does not need another case, s.strip() another strip; s.split() may need either.
    const applied = STR_GROUPS[methodCalledOn(node) ?? ''];
    return STR_WRAPS.filter(([, , group]) => !applied || group !== applied);
  }
  const position = valuePosition(node);
  if (position === null) return [];
  if (type === 'int') return INT_WRAPS;
  if (type === 'float') return FLOAT_WRAPS;
  if (SEQUENCES.has(type)) return position === 'handed-on' ? SEQUENCE_WRAPS : [SORTED, ...SEQUENCE_WRAPS];
  // A set has no order to keep or reverse: only sorting it, where wrapping.ts does not.
  return SETS.has(type) && position === 'other' ? [SORTED] : [];
}

/** A read of a name known to hold a str, number or sequence, given one of its type's conversions. */
function conversions(node: Node, type: string): Edit[] {
  const inside = wrappedIn(node);
  return wrapsFor(node, type)
    .map(([template, plausibility]) => nodeEdit('typed-call', plausibility, node, template(node.text)))
    .filter((edit) => !inside || !edit.splices[0]!.text.startsWith(`${inside}(`)) // round(round(x))
    .slice(0, MAX_PER_SITE);
}

// Str methods confused with a neighbour that calls.ts's table lacks (it has startswith/endswith,
// find/rfind, split/rsplit, strip/lstrip/rstrip, lower/upper): they exist only on str, so only
// a receiver known to be one gets them.
const STR_SWAPS: Confusions = {
  rindex: [['index', 1]],
  casefold: [['lower', 1]],
  lower: [['casefold', 0.4]],
  ljust: [
    ['rjust', 1],
    ['center', 0.5],
  ],
  rjust: [
    ['ljust', 1],
    ['center', 0.5],
  ],
  center: [
    ['ljust', 0.5],
    ['rjust', 0.5],
  ],
  partition: [['rpartition', 1]],
  rpartition: [['partition', 1]],
  removeprefix: [['removesuffix', 1]],
  removesuffix: [['removeprefix', 1]],
  title: [['capitalize', 1]],
  capitalize: [['title', 1]],
  isalpha: [['isalnum', 0.7]],
  isalnum: [['isalpha', 0.7]],
};
const STR_RESULTS = new Set([
  'strip',
  'lstrip',
  'rstrip',
  'lower',
  'upper',
  'casefold',
  'title',
  'capitalize',
  'replace',
  'removeprefix',
  'removesuffix',
  'ljust',
  'rjust',
  'center',
  'zfill',
]);

/** Whether an expression holds a str: a string, a name known to, or a str method's result on one. */
function holdsStr(node: Node | null, ctx: EditContext): boolean {
  if (!node) return false;
  if (node.type === 'string') return true;
  if (node.type === 'identifier') return ctx.types.get(node.text)?.type === 'str';
  const callee = node.type === 'call' ? node.childForFieldName('function') : null;
  return (
    callee?.type === 'attribute' &&
    STR_RESULTS.has(callee.childForFieldName('attribute')?.text ?? '') &&
    holdsStr(callee.childForFieldName('object'), ctx)
  );
}

function strMethodSwaps(call: Node, ctx: EditContext): Edit[] {
  const callee = call.childForFieldName('function');
  const name = callee?.type === 'attribute' ? callee.childForFieldName('attribute') : null;
  if (!callee || !name || !holdsStr(callee.childForFieldName('object'), ctx)) return [];
  return swapName(callee, name, STR_SWAPS).map((edit) => ({ ...edit, kind: 'typed-call' as const }));
}

/** `d[k]` read from a name known to hold a mapping, as a lookup with a fallback. */
function mappingLookups(node: Node, ctx: EditContext): Edit[] {
  const value = node.childForFieldName('value');
  const keys = node.childrenForFieldName('subscript');
  if (value?.type !== 'identifier' || !MAPPINGS.has(ctx.types.get(value.text)?.type ?? '')) return [];
  if (keys.length !== 1 || keys[0]!.type === 'slice' || identifierRole(node) !== 'value' || node.parent?.type === 'delete_statement')
    return [];
  const key = keys[0]!.text;
  const defaults: [string, number][] = [
    ['', 0.6],
    [', 0', 0.5],
    [", ''", 0.3],
  ];
  // A parameter named for it is the fallback the caller gave.
  for (const param of ctx.scope.params) if (/default|fallback/i.test(param)) defaults.unshift([`, ${param}`, 0.8]);
  return defaults.map(([fallback, plausibility]) => nodeEdit('typed-call', plausibility, node, `${value.text}.get(${key}${fallback})`));
}

/** `obj.a` -> `obj.b` for the attributes the object had at runtime that the file never reads on it (names.ts tries those). */
function runtimeAttributes(node: Node, ctx: EditContext): Edit[] {
  const object = node.childForFieldName('object');
  const name = node.childForFieldName('attribute');
  const attributes = object?.type === 'identifier' ? ctx.types.get(object.text)?.attributes : undefined;
  if (!object || !name || !attributes) return [];
  if (node.parent?.type === 'call' && node.parent.childForFieldName('function')?.id === node.id) return [];
  const syntactic = ctx.scope.attributesByObject.get(object.text);
  // A name the object did not have is likely the slip itself; one it had may still be the wrong one.
  const missing = attributes.includes(name.text) ? 0.6 : 1;
  // A wrong attribute written is rarer than a wrong one read.
  const read = isTarget(node) ? 0.5 : 1;
  return attributes
    .filter((a) => a !== name.text && !syntactic?.has(a))
    .map((a) => ({ a, similarity: nameSimilarity(name.text, a) }))
    .sort((x, y) => y.similarity - x.similarity)
    .slice(0, MAX_PER_SITE)
    .map(({ a, similarity }) => {
      const edit = nodeEdit('typed-attribute', missing * read * (0.5 + 0.5 * similarity), name, a);
      return { ...edit, summary: describeChange(lineOf(node), node.text, `${object.text}.${a}`) };
    });
}

function isTarget(node: Node): boolean {
  const parent = node.parent;
  return (parent?.type === 'assignment' || parent?.type === 'augmented_assignment') && parent.childForFieldName('left')?.id === node.id;
}

/** A literal replaced by a failing test's literal of the same kind, the most alike first. */
function testLiteralEdits(node: Node, literals: readonly TestLiteral[]): Edit[] {
  const kind = node.type === 'string' ? 'string' : node.type === 'integer' || node.type === 'float' ? 'number' : null;
  if (!kind || node.parent?.type === 'expression_statement' || (kind === 'string' && !/^[rRuU]?['"]/.test(node.text))) return [];
  const closeness = (text: string): number =>
    kind === 'string' ? nameSimilarity(contentOf(node.text), contentOf(text)) : 1 / (1 + Math.abs(Number(text) - Number(node.text)));
  return literals
    .filter((l) => l.kind === kind && l.text !== node.text && contentOf(l.text) !== contentOf(node.text))
    .map((l) => ({ text: l.text, closeness: closeness(l.text) }))
    .sort((a, b) => b.closeness - a.closeness)
    .slice(0, 3)
    .map(({ text, closeness }) => nodeEdit('test-literal', 0.5 + 0.5 * closeness, node, text));
}

function contentOf(literal: string): string {
  return literal.replace(/^[rRuU]?(['"]{1,3})([\s\S]*)\1$/, '$2');
}

export function runtimeTypeEdits(ctx: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type === 'identifier' && identifierRole(node) === 'value') {
      const type = ctx.types.get(node.text)?.type;
      if (type) edits.push(...conversions(node, type));
    } else if (node.type === 'call') {
      edits.push(...strMethodSwaps(node, ctx));
    } else if (node.type === 'subscript') {
      edits.push(...mappingLookups(node, ctx));
    } else if (node.type === 'attribute') {
      edits.push(...runtimeAttributes(node, ctx));
    }
    edits.push(...testLiteralEdits(node, ctx.testLiterals));
  }
  return edits.sort((a, b) => b.plausibility - a.plausibility).slice(0, MAX_EDITS);
}
