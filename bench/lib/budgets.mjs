// Budgets guard what must not regrow: unlike a target, a crossed budget is a
// fault, printed loudly where it is measured, again at the end of the run
// and at the top of RESULTS.md. The bench still exits 0 on a crossed budget:
// a figure never fails `npm test`; the line is there to be seen.

/** Every budget checked in this run, in order. */
export const checked = [];

/**
 * Records a budget: `ok` whether it holds, `line` what to print (for example
 * `wasm 149.5 kB ≤ 150 kB`). Prints `BUDGET EXCEEDED: …` on stderr and
 * stdout when it does not hold.
 */
export function budget(name, ok, line) {
  const entry = { name, ok, line };
  checked.push(entry);
  if (ok) console.log(`  budget kept: ${line}`);
  else {
    const loud = `BUDGET EXCEEDED: ${line}`;
    const bar = '!'.repeat(Math.min(100, loud.length));
    console.log(`\n${bar}\n${loud}\n${bar}\n`);
    console.error(loud);
  }
  return entry;
}

/** The Markdown line of a budget for RESULTS.md. */
export const budgetLine = ({ ok, line }) => (ok ? `- budget kept: ${line}` : `- **BUDGET EXCEEDED: ${line}**`);
