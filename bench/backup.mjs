// What a backup costs: the file's size, "Download a backup", reading a
// picked file for the confirm dialog and "Restore", at the seed and at
// 10,000 posts, without uploads and with some. In Chromium (real IndexedDB,
// harness/backup.html) and in Node (fake-indexeddb).
import { createNodeCore } from '@murmur/backend/node';
import { openDatabase } from '@murmur/backend/testing';
import { openHarnessPage, withHarnessModules } from './lib/harnessNode.mjs';

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

function print({ environment, figures }, options) {
  const lines = [
    `${environment}: medians of ${options.runs} runs`,
    '',
    '| posts | uploads | file | Download a backup | read for the dialog | Restore |',
    '|---:|---:|---:|---:|---:|---:|',
  ];
  for (const f of figures) {
    const uploads = f.images === 0 ? 'none' : `${f.images} × ${options.imageBytes / 1000} kB`;
    lines.push(
      `| ${f.posts} | ${uploads} | ${(f.bytes / 1e6).toFixed(2)} MB | ${ms(f.exportMs)} ms | ${ms(f.previewMs)} ms | ${ms(f.restoreMs)} ms |`,
    );
  }
  return lines.join('\n');
}

export default {
  title: 'Backups: the file, Download, read and Restore',
  smoke: false,
  async run(env) {
    const quick = env.smoke || env.quick;
    const options = { sizes: [12, 10000], images: 5, imageBytes: 200_000, runs: quick ? 3 : 9 };
    const { page, close } = await openHarnessPage(env, 'backup');
    let chromium;
    try {
      chromium = print(await page.evaluate((o) => window.backupBench.run(o), options), options);
    } finally {
      await close();
    }
    await import('fake-indexeddb/auto');
    const node = await withHarnessModules(async (load) => {
      const { measureBackups } = await load('/backup-measure.ts');
      return print(
        await measureBackups({ name: 'node + fake-indexeddb', newCore: () => createNodeCore(), openDatabase }, options),
        options,
      );
    });
    return { body: `${chromium}\n\n${node}` };
  },
};
