// The least a server can do before its first answer on this machine: what
// the HTTP bench starts beside `murmur-backend serve` to show how much of
// its start-up is Murmur's own. Not a server anyone should run.
//
//   node bench/lib/floor-server.mjs PORT            node:http, answering {} to
//                                                   every request: Node's own
//                                                   start, a socket, one answer
//   node bench/lib/floor-server.mjs PORT SNAPSHOT   the same, answering GETs
//                                                   from the wasm core after it
//                                                   imported SNAPSHOT (a text the
//                                                   core exported, its rules
//                                                   checked as every import does)
//
// Neither has msw, a Request or Response, persistence, a lock, flags or logs:
// every server that answers from this core takes at least the second's time.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [port, snapshotFile] = process.argv.slice(2);
let answer = () => ({ status: 200, body: '{}' });
if (snapshotFile) {
  // The package's own loader of the core (what the server calls), without the rest of the package.
  const nodeCore = join(
    resolve(dirname(fileURLToPath(import.meta.url)), '../..'),
    'packages/murmur-backend/dist/node/nodeCore.js',
  );
  const { createNodeCore } = await import(pathToFileURL(nodeCore).href);
  const mock = createNodeCore();
  mock.importSnapshot(readFileSync(snapshotFile, 'utf8'));
  answer = (method, url) => mock.handle(method, url, undefined, '');
}
createServer((req, res) => {
  const { status, body } = answer(req.method ?? 'GET', req.url ?? '/');
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
}).listen(Number(port), '127.0.0.1');
