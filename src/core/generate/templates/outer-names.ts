import type { Node } from '../../syntax/parser';
import { nameSimilarity, nodeEdit, styleOf, type Edit, type EditContext } from './edit';
import { collectScope, identifierRole } from '../../syntax/scope';

// Names names.ts cannot substitute because the function never mentions them: a call to the
// wrong function of the file (area(r) for perimeter(r)), and a module-level or enclosing
// function's name read where another was meant (STEP for LIMIT, a closure's own variable for
// the captured one).

// Alternatives per site beyond which the rest are not worth their validation time.
const MAX_PER_SITE = 3;

interface FileFunction {
  name: string;
  /** Positional arguments it accepts: [required, total]; total is Infinity with *args. */
  arity: [number, number];
}

function arityOf(fn: Node): [number, number] {
  let required = 0;
  let total = 0;
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!param) continue;
    if (param.type === 'list_splat_pattern') return [required, Infinity];
    if (param.type === 'dictionary_splat_pattern' || param.type === 'keyword_separator') break;
    total++;
    if (param.type === 'identifier' || param.type === 'typed_parameter') required++;
  }
  return [required, total];
}

/** Functions defined at the top level of the file or directly in `owner`. */
function callableFunctions(root: Node, owner: Node): FileFunction[] {
  const found: FileFunction[] = [];
  const scan = (block: Node | null) => {
    for (const child of block?.namedChildren ?? []) {
      const fn = child?.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
      const name = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
      if (fn && name) found.push({ name, arity: arityOf(fn) });
    }
  };
  scan(root);
  if (owner.type === 'function_definition') scan(owner.childForFieldName('body'));
  return found;
}

/** `f(x)` -> `g(x)` for another function of the file that takes as many arguments. */
function calleeEdits(call: Node, functions: FileFunction[]): Edit[] {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier' || !functions.some((f) => f.name === callee.text)) return [];
  const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a && a.type !== 'comment') ?? [];
  if (args.some((a) => a!.type !== 'keyword_argument' && a!.type.endsWith('splat'))) return [];
  const positional = args.filter((a) => a!.type !== 'keyword_argument').length;
  return functions
    .filter((f) => f.name !== callee.text && f.arity[0] <= positional && positional <= f.arity[1])
    .map((f) => nodeEdit('callee-misuse', 0.5 + 0.5 * nameSimilarity(callee.text, f.name), callee, f.name))
    .sort((a, b) => b.plausibility - a.plausibility)
    .slice(0, MAX_PER_SITE);
}

/** Names assigned at the top level of the module (constants, globals). */
function moduleNames(root: Node): string[] {
  const names: string[] = [];
  for (const statement of root.namedChildren) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    if (left?.type === 'identifier' && !names.includes(left.text)) names.push(left.text);
  }
  return names;
}

/** Parameters and locals of the functions around `owner`, innermost first. */
function enclosingNames(root: Node, owner: Node): string[] {
  const names: string[] = [];
  for (let p = owner.parent; p; p = p.parent) {
    if (p.type !== 'function_definition') continue;
    const scope = collectScope(root, p);
    for (const name of [...scope.params, ...scope.locals]) if (!names.includes(name) && name !== scope.receiver) names.push(name);
  }
  return names;
}

/** A value read from an outer name the function does not use yet; same naming style first. */
function outerNameSubstitutes(node: Node, outer: string[]): Edit[] {
  return outer
    .filter((name) => name !== node.text)
    .map((name) => {
      const style = styleOf(name) === styleOf(node.text) ? 1 : 0.4;
      return nodeEdit('outer-variable-misuse', style * (0.5 + 0.5 * nameSimilarity(node.text, name)), node, name);
    })
    .sort((a, b) => b.plausibility - a.plausibility)
    .slice(0, MAX_PER_SITE);
}

export function outerNameEdits(ctx: EditContext): Edit[] {
  let root = ctx.owner;
  while (root.parent) root = root.parent;
  const { scope } = ctx;
  const known = new Set([...scope.params, ...scope.locals, ...scope.values]);
  const outer =
    ctx.owner.type === 'function_definition'
      ? [...enclosingNames(root, ctx.owner), ...moduleNames(root)].filter((n, i, all) => !known.has(n) && all.indexOf(n) === i)
      : [];
  const functions = callableFunctions(root, ctx.owner);
  const edits: Edit[] = [];
  for (const node of ctx.nodes) {
    if (node.type === 'call') edits.push(...calleeEdits(node, functions));
    else if (node.type === 'identifier' && outer.length > 0 && identifierRole(node) === 'value' && node.text !== scope.receiver) {
      edits.push(...outerNameSubstitutes(node, outer));
    }
  }
  return edits;
}
