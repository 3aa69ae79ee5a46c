// Live events over HTTP (`GET /api/events`, `murmur-backend serve`, a
// process of its own, in memory):
//   - fan-out: STREAMS open streams while CLIENTS clients make WRITES posts
//     between them (each `Prefer: return=minimal`, so that the answer stays
//     small as the posts grow): whether every stream receives every post's
//     event, once and in order, and the write-to-delivery latency, from the
//     moment the write is sent to the moment each stream has its event, p50
//     and p99 over every (write, stream) pair;
//   - the write throughput with those streams open against none, each on a
//     fresh server, runs interleaved (none, open, none, open...);
//   - IDLE idle streams: the server's RSS before and with them, and its CPU
//     time over IDLE_SECONDS of them idle.
// Every figure is printed with the load (`uptime`) it was taken at.
//   npm run bench -- --only=live        (--smoke: a small case, for npm test)
// Port: LIVE_BENCH_PORT (default 5240; the smoke run's 5242). Traffic goes to 127.0.0.1 only.
// LIVE_BENCH_PROFILE=DIR writes each server's CPU profile to DIR.
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { fmt, median, table, target } from './lib/format.mjs';
import { load, startProcess, statusKb, stop } from './http.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'packages/murmur-backend/dist/bin/murmur-backend.js');
/** The server's port: LIVE_BENCH_PORT, else 5240 (5242 for the smoke run, which may run beside a full one). */
let PORT = 5240;
let BASE = '';
const P99_TARGET_MS = 50;
const THROUGHPUT_TARGET = 0.8;

function sizes(smoke) {
  return smoke
    ? { streams: 10, clients: 5, writes: 100, rounds: 1, idle: 50, idleSeconds: 2 }
    : { streams: 100, clients: 10, writes: 1_000, rounds: 5, idle: 1_000, idleSeconds: 10 };
}

/** LIVE_BENCH_PROFILE=DIR: each server writes its CPU profile there (node --cpu-prof). */
const PROFILE = process.env.LIVE_BENCH_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LIVE_BENCH_PROFILE}`]
  : [];

const startServer = () =>
  startProcess(
    [...PROFILE, CLI, 'serve', '--memory', '--port', String(PORT), '--log', 'off'],
    `${BASE}/__murmur/health`,
  );

/** A client's token: each client signs up a user of its own. */
async function signUp(name) {
  const res = await fetch(`${BASE}/api/auth/signup`, {
    method: 'POST',
    body: JSON.stringify({ username: name, password: 'password123', firstName: 'Bench', lastName: name }),
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`sign-up ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()).encodedToken;
}

/**
 * Opens a stream with node:http (as light as a client gets) and records
 * each `post.created` event's content and arrival time; `opened` resolves
 * once the server has answered its headers.
 */
function openStream(onEvent = () => undefined) {
  const received = [];
  let req;
  const opened = new Promise((resolveOpen, reject) => {
    req = httpRequest(`${BASE}/api/events`, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET /api/events: ${res.statusCode}`));
      const parser = createParser({
        onEvent(event) {
          const at = performance.now();
          if (event.event !== 'post.created') return;
          received.push({ id: Number(event.id), content: JSON.parse(event.data).post.content, at });
          onEvent();
        },
      });
      res.setEncoding('utf8');
      res.on('data', (chunk) => parser.feed(chunk));
      resolveOpen();
    });
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
  return { received, opened, close: () => req.destroy() };
}

/** `writes` posts from `tokens.length` clients at once, each client one at a time: when each was sent, and the run's ms. */
async function write(tokens, writes, round) {
  const sent = new Map();
  const perClient = Math.ceil(writes / tokens.length);
  const began = performance.now();
  await Promise.all(
    tokens.map(async (token, client) => {
      for (let i = 0; i < perClient && client * perClient + i < writes; i++) {
        const content = `r${round} c${client} w${i}`;
        sent.set(content, performance.now());
        const res = await fetch(`${BASE}/api/posts`, {
          method: 'POST',
          headers: { authorization: token, prefer: 'return=minimal' },
          body: JSON.stringify({ postData: { content } }),
        });
        if (res.status !== 201) throw new Error(`POST /api/posts: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  return { sent, ms: performance.now() - began };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One round on a fresh server: the writes with `streams` open (none: 0), checked and timed. */
async function round(size, streams, index) {
  const server = await startServer();
  try {
    const tokens = await Promise.all(Array.from({ length: size.clients }, (_, i) => signUp(`bench_${index}_${i}`)));
    let pending = streams * size.writes;
    let allIn = () => undefined;
    const done = new Promise((resolveDone) => (allIn = resolveDone));
    const readers = Array.from({ length: streams }, () =>
      openStream(() => {
        pending -= 1;
        if (pending === 0) allIn();
      }),
    );
    await Promise.all(readers.map((r) => r.opened));
    const loadBefore = load();
    const { sent, ms } = await write(tokens, size.writes, index);
    if (streams > 0) {
      await Promise.race([done, new Promise((resolveLate) => setTimeout(resolveLate, 30_000))]);
    }
    const latencies = [];
    let complete = 0;
    let ordered = 0;
    for (const reader of readers) {
      const contents = new Set(reader.received.map((e) => e.content));
      if (reader.received.length === size.writes && contents.size === size.writes) complete += 1;
      if (reader.received.every((e, i) => i === 0 || e.id > reader.received[i - 1].id)) ordered += 1;
      for (const e of reader.received) latencies.push(e.at - sent.get(e.content));
      reader.close();
    }
    latencies.sort((a, b) => a - b);
    return {
      streams,
      writesPerSecond: (size.writes / ms) * 1000,
      complete,
      ordered,
      p50: latencies.length ? percentile(latencies, 50) : undefined,
      p99: latencies.length ? percentile(latencies, 99) : undefined,
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await stop(server);
  }
}

/** The server's CPU time so far (user + system), ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the name), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function idle(size) {
  const server = await startServer();
  try {
    await new Promise((r) => setTimeout(r, 500));
    const before = statusKb(server.child.pid, 'VmRSS');
    const streams = Array.from({ length: size.idle }, () => openStream());
    await Promise.all(streams.map((s) => s.opened));
    await new Promise((r) => setTimeout(r, 500));
    const opened = statusKb(server.child.pid, 'VmRSS');
    const loadBefore = load();
    const cpuBefore = cpuMs(server.child.pid);
    await new Promise((r) => setTimeout(r, size.idleSeconds * 1000));
    const cpu = cpuMs(server.child.pid) - cpuBefore;
    const after = statusKb(server.child.pid, 'VmRSS');
    for (const s of streams) s.close();
    return {
      streams: size.idle,
      rssBeforeMb: before / 1024,
      rssOpenMb: opened / 1024,
      rssAfterIdleMb: after / 1024,
      perStreamKb: (opened - before) / size.idle,
      cpuMs: cpu,
      cpuPercent: (cpu / (size.idleSeconds * 1000)) * 100,
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await stop(server);
  }
}

export default {
  title: 'Live events over HTTP (`GET /api/events`): fan-out, latency, write throughput, idle streams',
  smoke: true,
  async run(env) {
    PORT = Number(process.env.LIVE_BENCH_PORT ?? (env.smoke ? 5242 : 5240));
    BASE = `http://127.0.0.1:${PORT}`;
    const size = sizes(env.smoke);
    const runs = [];
    for (let i = 0; i < size.rounds; i++) {
      runs.push(await round(size, 0, runs.length));
      runs.push(await round(size, size.streams, runs.length));
    }
    const idleFigures = await idle(size);
    const none = runs.filter((r) => r.streams === 0);
    const open = runs.filter((r) => r.streams > 0);
    const ratio = median(open.map((r) => r.writesPerSecond)) / median(none.map((r) => r.writesPerSecond));
    const p99 = median(open.map((r) => r.p99));
    const allDelivered = open.every((r) => r.complete === r.streams && r.ordered === r.streams);
    const lines = [
      `${size.writes} posts from ${size.clients} clients (each one write at a time, \`Prefer: return=minimal\`), on a fresh in-memory server each run, runs interleaved; latency from each write's send to its event's arrival on each stream:`,
      '',
      table(
        ['streams open', 'writes/s', 'streams with every event, in order', 'p50 ms', 'p99 ms', 'load (1, 5, 15 min)'],
        runs.map((r) => [
          String(r.streams),
          r.writesPerSecond.toFixed(0),
          r.streams ? `${Math.min(r.complete, r.ordered)} of ${r.streams}` : '–',
          fmt(r.p50, 1),
          fmt(r.p99, 1),
          r.load,
        ]),
      ),
      '',
      `${idleFigures.streams} idle streams: the server's RSS ${idleFigures.rssBeforeMb.toFixed(1)} MB before, ${idleFigures.rssOpenMb.toFixed(1)} MB with them open (${idleFigures.perStreamKb.toFixed(1)} kB a stream), ${idleFigures.rssAfterIdleMb.toFixed(1)} MB after ${size.idleSeconds} s idle; CPU ${fmt(idleFigures.cpuMs, 0)} ms over those ${size.idleSeconds} s (${fmt(idleFigures.cpuPercent, 2)}% of a core); load ${idleFigures.load}.`,
    ];
    const targets = [
      target(`every stream receives every event, in order`, allDelivered ? 'all' : 'not all', allDelivered),
      target(`write-to-delivery p99 ≤ ${P99_TARGET_MS} ms`, `${fmt(p99, 1)} ms (median of runs)`, p99 <= P99_TARGET_MS),
      target(
        `write throughput with ${size.streams} streams ≥ ${THROUGHPUT_TARGET}× none`,
        `${ratio.toFixed(2)}×`,
        ratio >= THROUGHPUT_TARGET,
      ),
    ];
    return { body: lines.join('\n'), targets };
  },
};
