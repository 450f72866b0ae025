// The benchmarks' markdown tables, written one way: a header line, a separator line, a line per
// row. A runner that prints each bug's row as the bug finishes prints tableHead once and then
// tableRow per bug; one that has every row at hand prints markdownTable.

export type Cell = string | number;

export interface TableOptions {
  /** Every column after the first holds numbers: right-aligned (`---:`). */
  numbers?: boolean;
}

/**
 * One row. A pipe in a cell would end the cell and a line break the row (a candidate's summary
 * or an error's text may hold either), so pipes are escaped and line breaks become spaces.
 */
export function tableRow(cells: readonly Cell[]): string {
  const text = cells.map((cell) => String(cell).replaceAll('|', '\\|').replaceAll('\n', ' '));
  return `| ${text.join(' | ')} |`;
}

/** The header line and the separator line. */
export function tableHead(columns: readonly string[], { numbers = false }: TableOptions = {}): string {
  const rule = columns.map((_, i) => (numbers && i > 0 ? '---:' : '---'));
  return `${tableRow(columns)}\n|${rule.join('|')}|`;
}

export function markdownTable(columns: readonly string[], rows: ReadonlyArray<readonly Cell[]>, options: TableOptions = {}): string {
  return [tableHead(columns, options), ...rows.map(tableRow)].join('\n');
}
