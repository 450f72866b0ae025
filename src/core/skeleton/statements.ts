import type { Node } from 'web-tree-sitter';

// The statement structure of a Python file as plain data, read from the syntax tree once per
// file: walking tree-sitter nodes costs a call into wasm per step, and one file serves many
// skeletons (one per function in a data script, one per suspect in the engine).

/** 1-based, inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

export interface Statement {
  /** tree-sitter type, decorators unwrapped: "function_definition", "if_statement", ... */
  type: string;
  /** Whole statement, decorators included. */
  range: LineRange;
  /** Name of a class or function. */
  name?: string;
  /** Class or function: decorators to the colon (the whole statement for a one-liner). */
  header?: LineRange;
  /** Class or function: its docstring's lines. */
  docstring?: LineRange | null;
  /** A lone string expression (a docstring where it comes first). */
  isString: boolean;
  /** Holds an import / a class or function definition (itself or nested). */
  hasImport: boolean;
  hasDefinition: boolean;
  /** Indented blocks: a definition's body (not for one-liners), each clause of a compound statement. */
  blocks: { range: LineRange; statements: Statement[] }[];
}

export const DEFINITION_TYPES: ReadonlySet<string> = new Set(['function_definition', 'class_definition']);
export const IMPORT_TYPES: ReadonlySet<string> = new Set(['import_statement', 'import_from_statement', 'future_import_statement']);
const CLAUSE_TYPES = new Set(['elif_clause', 'else_clause', 'except_clause', 'except_group_clause', 'finally_clause']);

function rangeOf(node: Node): LineRange {
  return { start: node.startPosition.row + 1, end: node.endPosition.row + 1 };
}

function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((child): child is Node => child !== null);
}

export function statementsIn(block: Node): Statement[] {
  return namedChildren(block)
    .filter((child) => child.type !== 'comment')
    .map(statementOf);
}

function isStringExpression(node: Node): boolean {
  if (node.type !== 'expression_statement' || node.namedChildCount !== 1) return false;
  const type = node.namedChild(0)?.type;
  return type === 'string' || type === 'concatenated_string';
}

function statementOf(node: Node): Statement {
  const definition = node.type === 'decorated_definition' ? (node.childForFieldName('definition') ?? node) : node;
  const range = rangeOf(node);
  const statement: Statement = {
    type: definition.type,
    range,
    isString: isStringExpression(node),
    hasImport: IMPORT_TYPES.has(definition.type),
    hasDefinition: DEFINITION_TYPES.has(definition.type),
    blocks: [],
  };
  if (DEFINITION_TYPES.has(definition.type)) {
    statement.name = definition.childForFieldName('name')?.text ?? '';
    const body = definition.childForFieldName('body');
    const colon = definition.children.filter((c): c is Node => c !== null && c.type === ':').at(-1);
    const colonLine = (colon ?? definition).endPosition.row + 1;
    if (!body || body.startPosition.row + 1 <= colonLine) {
      statement.header = range;
      statement.docstring = null;
    } else {
      statement.header = { start: range.start, end: colonLine };
      statement.blocks = [{ range: rangeOf(body), statements: statementsIn(body) }];
      const first = statement.blocks[0]!.statements[0];
      statement.docstring = first?.isString ? first.range : null;
    }
  } else {
    statement.blocks = [definition, ...namedChildren(definition).filter((c) => CLAUSE_TYPES.has(c.type))]
      .flatMap((holder) => namedChildren(holder).filter((c) => c.type === 'block'))
      .sort((a, b) => a.startIndex - b.startIndex)
      .map((block) => ({ range: rangeOf(block), statements: statementsIn(block) }));
  }
  for (const block of statement.blocks) {
    for (const inner of block.statements) {
      statement.hasImport ||= inner.hasImport;
      statement.hasDefinition ||= inner.hasDefinition;
    }
  }
  return statement;
}
