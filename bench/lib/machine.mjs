// Where and under what load the figures were taken: every section of
// RESULTS.md says so, since a 2-core machine shared with other work gives
// slower and noisier figures than an idle one.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { chromiumVersion } from './chromium.mjs';

/** The CPU model, cores, memory, OS, Node and Chromium versions. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? '?',
    cores: cpus.length,
    memGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
  };
}

export const describeMachine = (m) =>
  `${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB memory, ${m.os}; Node ${m.node}, ${m.chromium}`;

/** What `uptime` prints (the load averages over 1, 5 and 15 minutes), now. */
export function uptime() {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim().replace(/\s+/g, ' ');
  } catch {
    return `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
}

/** The 1-minute load average, for a comparison with the number of cores. */
export const load1 = () => os.loadavg()[0];
