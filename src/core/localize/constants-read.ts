import type { Node } from '../syntax/parser';
import type { Suspect } from '../types';

// The constants a suspect function reads whose value is written as literals: a module-level
// `SEPARATOR = ";"` or `PATTERN = re.compile(r"...")` it names, a class attribute
// (`url_pattern = r"..."`) it reads through `self.`, `cls.` or its class's name. A wrong
// literal there fails the tests in the function that reads it, yet no frame or covered line
// points at the constant's own line: each is ranked here as a suspect of its own, behind the
// function that reads it (CONSTANT_SHARE of its score).

const CONSTANT_SHARE = 0.5;
/** A value made of literals: a string, a number, a `re.compile` of one, a tuple, list or set of them. */
const LITERAL_TYPES = new Set(['string', 'concatenated_string', 'integer', 'float']);
const COLLECTIONS = new Set(['tuple', 'list', 'set']);

export function constantSuspects(suspect: Suspect, root: Node): Suspect[] {
  const fn = definitionAt(root, suspect.startLine, suspect.endLine);
  if (!fn) return [];
  const body = fn.childForFieldName('body');
  const reads = new Set((body?.descendantsOfType('identifier') ?? []).flatMap((id) => (id ? [id.text] : [])));
  const owner = enclosingClass(fn);
  const ownerName = owner?.childForFieldName('name')?.text;
  const attributes = new Set(
    (body?.descendantsOfType('attribute') ?? []).flatMap((a) => {
      const object = a?.childForFieldName('object')?.text;
      const name = a?.childForFieldName('attribute')?.text;
      return name && (object === 'self' || object === 'cls' || object === ownerName) ? [name] : [];
    }),
  );
  const top = Math.max(0, ...suspect.lines.map((l) => l.score));
  const found: Suspect[] = [];
  const consider = (statement: Node, names: ReadonlySet<string>, qualifier: string): void => {
    const assignment = statement.type === 'expression_statement' ? statement.firstNamedChild : null;
    const target = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    const value = assignment?.childForFieldName('right');
    if (target?.type !== 'identifier' || !names.has(target.text) || !value || !literalValue(value)) return;
    const line = statement.startPosition.row + 1;
    found.push({
      file: suspect.file,
      function: suspect.function,
      startLine: line,
      endLine: statement.endPosition.row + 1,
      score: suspect.score * CONSTANT_SHARE,
      reasons: [`${qualifier}${target.text}, read by ${suspect.function}`],
      lines: [{ line, score: top * CONSTANT_SHARE }],
    });
  };
  for (const statement of root.namedChildren) if (statement) consider(statement, reads, '');
  for (const statement of owner?.childForFieldName('body')?.namedChildren ?? [])
    if (statement) consider(statement, attributes, `${ownerName}.`);
  return found;
}

function literalValue(value: Node): boolean {
  if (LITERAL_TYPES.has(value.type)) return true;
  if (COLLECTIONS.has(value.type))
    return value.namedChildren.length > 0 && value.namedChildren.every((item) => item !== null && LITERAL_TYPES.has(item.type));
  if (value.type !== 'call' || value.childForFieldName('function')?.text !== 're.compile') return false;
  const first = value.childForFieldName('arguments')?.namedChildren[0];
  return first !== null && first !== undefined && LITERAL_TYPES.has(first.type);
}

/** The function definition spanning exactly these lines (decorators aside). */
function definitionAt(root: Node, startLine: number, endLine: number): Node | null {
  for (const fn of root.descendantsOfType('function_definition')) {
    if (!fn || fn.endPosition.row + 1 !== endLine) continue;
    const first = fn.parent?.type === 'decorated_definition' ? fn.parent : fn;
    if (first.startPosition.row + 1 === startLine || fn.startPosition.row + 1 === startLine) return fn;
  }
  return null;
}

function enclosingClass(fn: Node): Node | null {
  for (let at = fn.parent; at; at = at.parent) {
    if (at.type === 'class_definition') return at;
    if (at.type === 'function_definition') return null;
  }
  return null;
}
