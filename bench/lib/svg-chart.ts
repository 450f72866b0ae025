// Two small chart kinds as standalone SVG text (no dependencies): step curves (e.g. bugs fixed
// within t seconds) and grouped bars (e.g. bugs fixed per bug kind), one series per mode.

export interface StepSeries {
  name: string;
  /** (x, y) points in increasing x; y holds until the next point. */
  points: ReadonlyArray<readonly [number, number]>;
}

export interface BarSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
}

const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd'];
const WIDTH = 720;
const PLOT = { left: 60, right: 180, top: 40, bottom: 50 };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Round, readable whole-number tick values from 0 to max. */
function ticks(max: number): number[] {
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  // Counts of bugs: never a fractional step.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw);
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/** Background, title, axis labels, horizontal grid with y ticks, legend; the plot ends at y = bottom. */
function frame(title: string, height: number, bottom: number, xLabel: string, yLabel: string, yMax: number, legend: string[]): string[] {
  const yScale = (v: number): number => bottom - ((bottom - PLOT.top) * v) / yMax;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="20" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
    `<text x="${(PLOT.left + WIDTH - PLOT.right) / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(16 ${(PLOT.top + bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
  ];
  for (const v of ticks(yMax)) {
    const y = yScale(v);
    parts.push(`<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    parts.push(`<text x="${PLOT.left - 6}" y="${y + 4}" text-anchor="end">${v}</text>`);
  }
  legend.forEach((name, i) => {
    const y = PLOT.top + 10 + i * 18;
    parts.push(`<rect x="${WIDTH - PLOT.right + 15}" y="${y - 9}" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/>`);
    parts.push(`<text x="${WIDTH - PLOT.right + 32}" y="${y + 1}">${escapeXml(name)}</text>`);
  });
  return parts;
}

export function stepChart(
  title: string,
  xLabel: string,
  yLabel: string,
  xMax: number,
  yMax: number,
  series: readonly StepSeries[],
): string {
  const height = 360;
  const bottom = height - PLOT.bottom;
  const top = Math.max(yMax, 1);
  const x = (v: number): number => PLOT.left + ((WIDTH - PLOT.left - PLOT.right) * v) / xMax;
  const y = (v: number): number => bottom - ((bottom - PLOT.top) * v) / top;
  const parts = frame(
    title,
    height,
    bottom,
    xLabel,
    yLabel,
    top,
    series.map((s) => s.name),
  );
  for (const v of ticks(xMax)) parts.push(`<text x="${x(v)}" y="${bottom + 16}" text-anchor="middle">${v}</text>`);
  series.forEach((s, i) => {
    let d = `M${x(0)},${y(0)}`;
    let last = 0;
    for (const [px, py] of s.points) {
      d += ` H${x(px)} V${y(py)}`;
      last = py;
    }
    d += ` H${x(xMax)}`;
    parts.push(`<path d="${d}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/>`);
    parts.push(`<text x="${x(xMax) + 4}" y="${y(last) + 4}" fill="${COLORS[i % COLORS.length]}">${last}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

export function barChart(title: string, yLabel: string, categories: readonly string[], series: readonly BarSeries[]): string {
  const height = 400;
  const bottom = height - PLOT.bottom - 40; // room for slanted category names
  const yMax = Math.max(1, ...series.flatMap((s) => s.values));
  const y = (v: number): number => bottom - ((bottom - PLOT.top) * v) / yMax;
  const parts = frame(
    title,
    height,
    bottom,
    '',
    yLabel,
    yMax,
    series.map((s) => s.name),
  );
  const groupWidth = (WIDTH - PLOT.left - PLOT.right) / Math.max(categories.length, 1);
  const barWidth = (groupWidth * 0.8) / Math.max(series.length, 1);
  categories.forEach((category, c) => {
    const groupLeft = PLOT.left + c * groupWidth + groupWidth * 0.1;
    series.forEach((s, i) => {
      const v = s.values[c] ?? 0;
      parts.push(
        `<rect x="${groupLeft + i * barWidth}" y="${y(v)}" width="${barWidth - 1}" height="${bottom - y(v)}" fill="${COLORS[i % COLORS.length]}"><title>${escapeXml(`${category}, ${s.name}: ${v}`)}</title></rect>`,
      );
    });
    const labelX = groupLeft + groupWidth * 0.4;
    parts.push(`<text transform="translate(${labelX} ${bottom + 12}) rotate(35)">${escapeXml(category)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
