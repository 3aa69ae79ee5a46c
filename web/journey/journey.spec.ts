import { test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import type { Engine } from './driver';
import { launchChromium } from './engines/chromium';
import { launchFirefox } from './engines/firefox';
import { launchWebKit } from './engines/webkit';
import { Journey, runStep, STEPS } from './journey';
import { StaticSite } from '../e2e/staticSite';

// The journey of journey.ts in each engine, against the production build
// (web/dist, or E2E_DIST) on a static host of its own.
const ENGINES: Record<string, () => Promise<Engine>> = {
  'Chromium (Playwright)': launchChromium,
  'Firefox ESR (puppeteer-core, WebDriver BiDi)': launchFirefox,
  'WebKitGTK (WebKitWebDriver, Selenium)': launchWebKit,
};

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);

test.describe.configure({ mode: 'parallel' });

for (const [name, launch] of Object.entries(ENGINES)) {
  test(`the user journey in ${name}`, async () => {
    const testInfo = test.info();
    const imagePath = testInfo.outputPath('pixels.png');
    writeFileSync(imagePath, PNG);
    const site = await StaticSite.start(process.env.E2E_DIST ?? 'dist');
    const engine = await test.step('launch the browser', launch, { timeout: 60_000 });
    const journey = new Journey({
      engine,
      site,
      imagePath,
      outputPath: (name) => testInfo.outputPath(name),
      screenshotPath: (step) => testInfo.outputPath(`${step.replace(/\W+/g, '-')}.png`),
    });
    // JOURNEY_KEEP_GOING=1 runs every step even after one failed, to see all that fail.
    const keepGoing = process.env.JOURNEY_KEEP_GOING === '1';
    const failures: string[] = [];
    try {
      for (const step of STEPS) {
        await test.step(step.name, async () => {
          try {
            await runStep(journey, step);
          } catch (error) {
            await journey.tab.screenshot(journey.context.screenshotPath(step.name)).catch(() => undefined);
            if (!keepGoing) throw error;
            failures.push(String(error));
          }
        });
      }
      if (failures.length > 0) throw new Error(`${failures.length} steps failed:\n${failures.join('\n')}`);
    } finally {
      await Promise.race([engine.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await site.stop();
    }
  });
}
