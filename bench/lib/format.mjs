// Numbers and tables as every section of RESULTS.md prints them.

/** ms with `digits` decimals; '–' for a figure that was not taken. */
export const fmt = (ms, digits = 2) => (ms === undefined || Number.isNaN(ms) ? '–' : ms.toFixed(digits));

/** Bytes in kB of 1,000 bytes. */
export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
export function table(head, rows) {
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

/** A target row for a section's targets table: [what, measured, met?]. */
export const target = (what, measured, ok) => [what, measured, ok === undefined ? '–' : ok ? 'met' : '**missed**'];
