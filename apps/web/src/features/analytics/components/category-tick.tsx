/**
 * A category axis label that keeps its start: a long page path is cut at the end with "…" (recharts
 * otherwise lets the start run off the chart: "eddit/communities"), and the full text is the tooltip.
 */
export function fitLabel(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, Math.max(1, maxChars - 1))}…`;
}

// About 6.5 px per character at the axis's 12 px font.
const charWidth = 6.5;

export function CategoryTick({
  x,
  y,
  payload,
  width,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  width: number;
}) {
  const full = String(payload?.value ?? '');
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <title>{full}</title>
      <text x={-width + 4} dy="0.355em" textAnchor="start" fill="currentColor" fontSize={12}>
        {fitLabel(full, Math.floor((width - 8) / charWidth))}
      </text>
    </g>
  );
}
