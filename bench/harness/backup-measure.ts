// What a backup costs, measured the same way in Chromium (real
// IndexedDB) and in Node (fake-indexeddb): at the seed and at 10,000 posts,
// with uploaded images, the file's size, "Download a backup" (the state as
// saved and every upload, written as one file), reading a picked file for the
// confirm dialog (every check the page makes), and "Restore" (the checks, the
// core's import and the save in full, uploads included).
import { IdbStateStore, PersistentBackend, readBackup } from '@murmur/backend/testing';
import type { Environment } from './persistence-measure';

export interface BackupFigure {
  posts: number;
  images: number;
  /** The file, in bytes. */
  bytes: number;
  /** Medians, ms. */
  exportMs: number;
  previewMs: number;
  restoreMs: number;
}

export interface BackupOptions {
  sizes: number[];
  /** Uploads stored before the backup is made, and their size each. */
  images: number;
  imageBytes: number;
  runs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
let databases = 0;

/** A PNG by its first bytes, `bytes` long (the rest does not matter to a backup). */
function pngOf(bytes: number, seed: number): ArrayBuffer {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < bytes; i++) data[i] = (i * 31 + seed * 17) & 0xff;
  return data.buffer;
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
}

async function measureSize(env: Environment, posts: number, options: BackupOptions): Promise<BackupFigure> {
  const core = env.newCore();
  // Sizes as the other benches have them: the seed, else a tenth as many users as posts.
  if (posts > 12) core.loadBulk(Math.max(6, posts / 10), posts);
  const db = await env.openDatabase(`murmur-backup-bench-${env.name}-${++databases}`);
  const { backend } = await PersistentBackend.start({ core, store: new IdbStateStore(db) });
  const login = await backend.handle({
    method: 'POST',
    url: '/api/auth/login',
    authorization: undefined,
    body: JSON.stringify({ username: 'guest', password: 'guest123' }),
  });
  const token = (JSON.parse(new TextDecoder().decode(login.body as Uint8Array)) as { encodedToken: string })
    .encodedToken;
  for (let i = 0; i < options.images; i++) {
    const bytes = pngOf(options.imageBytes, i);
    const registration = JSON.stringify({ type: 'image/png', size: bytes.byteLength });
    const request = { method: 'POST', url: '/api/media', authorization: token, body: registration };
    const res = await backend.upload(request, { bytes, type: 'image/png' });
    if (res.status !== 201) throw new Error(`upload ${i}: ${res.status}`);
  }
  const exports: number[] = [];
  const previews: number[] = [];
  const restores: number[] = [];
  let file = '';
  for (let i = 0; i < options.runs; i++) {
    const [exportMs, made] = await timed(() => backend.exportBackup());
    file = made;
    const [previewMs] = await timed(() => readBackup(new Blob([file])));
    const [restoreMs] = await timed(() => backend.importBackup(new Blob([file])));
    exports.push(exportMs);
    previews.push(previewMs);
    restores.push(restoreMs);
  }
  if ((await backend.exportBackup()) !== file) throw new Error('the restored state does not export the same file');
  backend.close();
  db.close();
  return {
    posts,
    images: options.images,
    bytes: new TextEncoder().encode(file).byteLength,
    exportMs: median(exports),
    previewMs: median(previews),
    restoreMs: median(restores),
  };
}

export async function measureBackups(env: Environment, options: BackupOptions) {
  const figures: BackupFigure[] = [];
  for (const posts of options.sizes) {
    figures.push(await measureSize(env, posts, { ...options, images: 0 }));
    if (options.images > 0) figures.push(await measureSize(env, posts, options));
  }
  return { environment: env.name, figures };
}
