import { expect, test, waitForBackend } from './support';
import { StaticSite } from './staticSite';

// docs/data-safety.md, "Offline and install": the app is installable, at the root and under /murmur/: Chromium
// reads the manifest without errors and finds nothing that stops an install.
for (const variant of [
  { dir: 'dist', base: '/' },
  { dir: 'dist-sub', base: '/murmur/' },
]) {
  test(`the web app manifest at ${variant.base} makes the app installable`, async ({ page }) => {
    const site = await StaticSite.start(variant.dir, variant.base);
    try {
      await page.goto(site.url);
      await waitForBackend(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      const cdp = await page.context().newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
      expect(parsed).toMatchObject({
        name: 'Murmur',
        start_url: variant.base,
        scope: variant.base,
        display: 'standalone',
        theme_color: '#6b4fe0',
      });
      const icons = parsed.icons as Array<{ src: string; sizes: string; purpose: string }>;
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of icons) {
        const res = await page.request.get(new URL(icon.src, site.url).toString());
        expect(res.headers()['content-type']).toBe('image/png');
      }
      // Playwright's contexts are incognito windows, where Chromium never
      // installs: that one is the test's, not the site's.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    } finally {
      await site.stop();
    }
  });
}
