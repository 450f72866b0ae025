import type { Node } from './parser';

// Names around a suspect region, gathered once from the syntax tree: what variable-misuse,
// attribute-misuse and exception-type edits may substitute. Purely syntactic (no imports
// are resolved), which is what makes it cheap and never wrong about spelling.

export type IdentifierRole =
  | 'definition' // def/class name
  | 'parameter'
  | 'attribute' // the `k` of `x.k`
  | 'keyword' // the `k` of `f(k=1)`
  | 'import'
  | 'declaration' // global/nonlocal
  | 'callee' // the `f` of `f(x)`
  | 'target' // assigned to
  | 'value';

export interface Scope {
  /** Parameter names of the owning function, in order (self/cls included). */
  params: string[];
  /** Names assigned in the owning function (for targets, with/except aliases, comprehensions). */
  locals: string[];
  /** Names read as plain values in the owning function (not only called). */
  values: string[];
  /** The receiver parameter (self/cls) when the owner is a method. */
  receiver: string | null;
  /** Attribute names per receiver text across the file, e.g. "self" -> {result, _result}. */
  attributesByObject: Map<string, Set<string>>;
  /** Every attribute name used anywhere in the file. */
  attributes: Set<string>;
  /** Attribute names that are called somewhere (x.m(...)) or defined as methods. */
  methods: Set<string>;
  /** Exception classes named in raise/except clauses or defined in the file. */
  exceptions: Set<string>;
  /** What a name of the owning function holds, judged from how it is used; null when unclear. */
  kindOf: (name: string) => ValueKind | null;
}

export type ValueKind = 'number' | 'collection';

function isField(parent: Node, field: string, node: Node): boolean {
  return parent.childrenForFieldName(field).some((child) => child.id === node.id);
}

const PATTERN_WRAPPERS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'parenthesized_expression',
  'list_splat_pattern',
  'expression_list',
]);

const PARAMETER_CONTAINERS = new Set(['parameters', 'lambda_parameters']);
const PARAMETER_NODES = new Set([
  'default_parameter',
  'typed_default_parameter',
  'typed_parameter',
  'list_splat_pattern',
  'dictionary_splat_pattern',
]);

/** How an identifier node is used. */
export function identifierRole(node: Node): IdentifierRole {
  const parent = node.parent;
  if (!parent) return 'value';
  switch (parent.type) {
    case 'attribute':
      if (isField(parent, 'attribute', node)) return 'attribute';
      break;
    case 'keyword_argument':
      if (isField(parent, 'name', node)) return 'keyword';
      break;
    case 'function_definition':
    case 'class_definition':
      if (isField(parent, 'name', node)) return 'definition';
      break;
    case 'global_statement':
    case 'nonlocal_statement':
      return 'declaration';
    case 'decorator':
      return 'definition';
    case 'dotted_name':
    case 'aliased_import':
    case 'import_statement':
    case 'import_from_statement':
      return 'import';
    case 'call':
      if (isField(parent, 'function', node)) return 'callee';
      break;
  }
  if (PARAMETER_CONTAINERS.has(parent.type)) return 'parameter';
  if (PARAMETER_NODES.has(parent.type) && parent.parent && PARAMETER_CONTAINERS.has(parent.parent.type)) {
    if (parent.type === 'typed_parameter' || parent.type.endsWith('splat_pattern') || isField(parent, 'name', node)) {
      return 'parameter';
    }
  }
  return isAssignmentTarget(node) ? 'target' : 'value';
}

function isAssignmentTarget(node: Node): boolean {
  let child = node;
  let parent = node.parent;
  while (parent && PATTERN_WRAPPERS.has(parent.type)) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  switch (parent.type) {
    case 'assignment':
    case 'augmented_assignment':
    case 'for_statement':
    case 'for_in_clause':
      return isField(parent, 'left', child);
    case 'named_expression':
      return isField(parent, 'name', child);
    case 'as_pattern_target':
      return true;
    default:
      return false;
  }
}

function descendants(node: Node, type: string): Node[] {
  return node.descendantsOfType(type).filter((n): n is Node => n !== null);
}

function pushUnique(list: string[], name: string): void {
  if (!list.includes(name)) list.push(name);
}

const EXCEPTION_NAME = /(?:Error|Exception|Warning|Exit|Interrupt)$/;

/** Scope of `owner` (a function_definition, or the module) inside the file's tree. */
export function collectScope(root: Node, owner: Node): Scope {
  const ownParams = owner.type === 'function_definition' ? ownParameterNames(owner) : [];
  const locals: string[] = [];
  const values: string[] = [];
  const called = new Set<string>();
  // Module scope is the top level only: names inside functions and classes are not its own.
  const isOwnName = (id: Node): boolean => owner.type === 'function_definition' || !insideDefinition(id);
  for (const id of descendants(owner, 'identifier').filter(isOwnName)) {
    const role = identifierRole(id);
    // Parameters of nested functions and lambdas are locals as far as substitution goes.
    if ((role === 'parameter' && !ownParams.includes(id.text)) || role === 'target') pushUnique(locals, id.text);
    else if (role === 'value') pushUnique(values, id.text);
    else if (role === 'callee') called.add(id.text);
  }
  const isMethod = owner.type === 'function_definition' && enclosingClass(owner) !== null;
  const receiver = isMethod && ownParams.length > 0 && !hasDecorator(owner, 'staticmethod') ? ownParams[0]! : null;

  const attributesByObject = new Map<string, Set<string>>();
  const attributes = new Set<string>();
  const methods = new Set<string>();
  for (const attribute of descendants(root, 'attribute')) {
    const object = attribute.childForFieldName('object');
    const name = attribute.childForFieldName('attribute');
    if (!object || !name) continue;
    attributes.add(name.text);
    let names = attributesByObject.get(object.text);
    if (!names) attributesByObject.set(object.text, (names = new Set()));
    names.add(name.text);
    if (attribute.parent?.type === 'call' && isField(attribute.parent, 'function', attribute)) methods.add(name.text);
  }
  for (const fn of descendants(root, 'function_definition')) {
    const name = fn.childForFieldName('name')?.text;
    if (name && enclosingClass(fn)) methods.add(name);
  }

  const exceptions = new Set<string>();
  const addExceptionNames = (node: Node | null): void => {
    if (!node) return;
    if (node.type === 'identifier' && EXCEPTION_NAME.test(node.text)) exceptions.add(node.text);
    else if (node.type === 'call') addExceptionNames(node.childForFieldName('function'));
    else if (node.type === 'tuple' || node.type === 'as_pattern' || node.type === 'parenthesized_expression') {
      for (const child of node.namedChildren) addExceptionNames(child);
    }
  };
  for (const raise of descendants(root, 'raise_statement')) addExceptionNames(raise.namedChildren[0] ?? null);
  for (const clause of descendants(root, 'except_clause')) addExceptionNames(clause.namedChildren[0] ?? null);
  for (const cls of descendants(root, 'class_definition')) {
    const name = cls.childForFieldName('name')?.text;
    if (name && EXCEPTION_NAME.test(name)) exceptions.add(name);
  }

  const kinds = inferKinds(owner);
  return {
    kindOf: (name) => {
      const number = kinds.number.has(name);
      const collection = kinds.collection.has(name);
      return number === collection ? null : number ? 'number' : 'collection';
    },
    params: ownParams,
    locals: locals.filter((name) => !ownParams.includes(name)),
    values: values.filter((name) => !called.has(name) || locals.includes(name) || ownParams.includes(name)),
    receiver,
    attributesByObject,
    attributes,
    methods,
    exceptions,
  };
}

function insideDefinition(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'class_definition') return true;
  }
  return false;
}

/** The names of a function's own parameters, in order. */
export function ownParameterNames(fn: Node): string[] {
  const names: string[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!param) continue;
    const id =
      param.type === 'identifier' ? param : (param.childForFieldName('name') ?? param.namedChildren.find((c) => c?.type === 'identifier'));
    if (id?.type === 'identifier') names.push(id.text);
  }
  return names;
}

/** The function a node lies in, nested ones first. */
export function enclosingFunction(node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'function_definition') return p;
  return null;
}

export function enclosingClass(fn: Node): Node | null {
  let node = fn.parent;
  while (node) {
    if (node.type === 'class_definition') return node;
    if (node.type === 'function_definition') return null;
    node = node.parent;
  }
  return null;
}

function hasDecorator(fn: Node, name: string): boolean {
  const decorated = fn.parent?.type === 'decorated_definition' ? fn.parent : null;
  return !!decorated?.namedChildren.some((c) => c?.type === 'decorator' && c.text.replace(/^@\s*/, '') === name);
}

const COLLECTION_METHODS = new Set([
  'append',
  'extend',
  'pop',
  'insert',
  'remove',
  'sort',
  'keys',
  'values',
  'items',
  'get',
  'add',
  'update',
  'popleft',
  'appendleft',
  'count',
  'index',
]);
const ARITHMETIC = new Set(['+', '-', '*', '//', '%']);

function isIntegerLike(node: Node | null): boolean {
  if (!node) return false;
  if (node.type === 'integer') return true;
  if (node.type === 'unary_operator') return isIntegerLike(node.childForFieldName('argument'));
  return node.type === 'call' && node.childForFieldName('function')?.text === 'len';
}

function callName(node: Node | null): string | undefined {
  return node?.type === 'call' ? node.childForFieldName('function')?.text : undefined;
}

/**
 * Names used like numbers (range bounds, loop counters over range, arithmetic with integers,
 * compared with integers) and names used like collections (indexed, iterated, measured by
 * len, given collection methods, right of `in`). Cheap evidence, not type inference: it only
 * steers which substitutions and shifts are tried first.
 */
function inferKinds(owner: Node): { number: Set<string>; collection: Set<string> } {
  const number = new Set<string>();
  const collection = new Set<string>();
  const mark = (set: Set<string>, node: Node | null | undefined): void => {
    if (node?.type === 'identifier') set.add(node.text);
  };
  const visit = (node: Node): void => {
    switch (node.type) {
      case 'for_statement':
      case 'for_in_clause': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (callName(right) === 'range') mark(number, left);
        else if (callName(right) === 'enumerate' && left?.type === 'pattern_list') mark(number, left.namedChildren[0]);
        else mark(collection, right);
        break;
      }
      case 'call': {
        const fn = node.childForFieldName('function');
        const args = node.childForFieldName('arguments')?.namedChildren ?? [];
        if (fn?.text === 'range') for (const arg of args) mark(number, arg);
        if (fn?.text === 'len' || fn?.text === 'sorted' || fn?.text === 'enumerate') mark(collection, args[0]);
        if (fn?.type === 'attribute' && COLLECTION_METHODS.has(fn.childForFieldName('attribute')?.text ?? '')) {
          mark(collection, fn.childForFieldName('object'));
        }
        break;
      }
      case 'subscript':
        mark(collection, node.childForFieldName('value'));
        break;
      case 'binary_operator': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (ARITHMETIC.has(node.childForFieldName('operator')?.text ?? '')) {
          if (isIntegerLike(right)) mark(number, left);
          if (isIntegerLike(left)) mark(number, right);
        }
        break;
      }
      case 'augmented_assignment':
      case 'assignment': {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (isIntegerLike(right)) mark(number, left);
        // lo, hi = 0, len(xs)
        if (left?.type === 'pattern_list' && right?.type === 'expression_list') {
          right.namedChildren.forEach((value, i) => {
            if (isIntegerLike(value)) mark(number, left.namedChildren[i]);
          });
        }
        break;
      }
      case 'comparison_operator': {
        const operands = node.namedChildren.filter((c): c is Node => !!c);
        const operators = node.childrenForFieldName('operators').map((o) => o.text);
        if (operators.some((o) => o === 'in' || o === 'not in')) mark(collection, operands[operands.length - 1]);
        else if (operands.some(isIntegerLike)) for (const operand of operands) mark(number, operand);
        break;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(owner);
  return { number, collection };
}
