// The one user journey every engine runs (Chromium, Firefox, WebKit): sign in as guest, Home,
// like, a new post with an image, profile, notifications, a post's deep link with a reload,
// the theme, a reload keeps the data, two tabs, a backup restored after a
// reset, a reload with the static host gone. Each step has a deadline, so a step that never finishes fails with
// its name and what it was waiting for, rather than hanging the run.
import { writeFile } from 'node:fs/promises';
import { describe, findExpression, type Engine, type Tab, type Target } from './driver';
import type { StaticSite } from '../e2e/staticSite';

export interface JourneyContext {
  engine: Engine;
  site: StaticSite;
  /** A small PNG on disk, for the upload. */
  imagePath: string;
  /** Where the journey may write a file of its own (the backup it restores). */
  outputPath: (name: string) => string;
  /** Where a failed step leaves its screenshot. */
  screenshotPath: (step: string) => string;
}

export interface Step {
  name: string;
  /** Milliseconds the step may take. */
  deadline: number;
  run: (journey: Journey) => Promise<void>;
}

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text of the post the journey writes, and of the one the second tab writes. */
const MY_POST = 'Hello from every engine';
const OTHER_TAB_POST = 'Written in a second tab';
const ROSE_HUE = '352';

/** The state one journey carries from step to step, and its waits. */
export class Journey {
  tab: Tab;
  likedPostId = '';
  /** What the current step waits for: named in its timeout. */
  waitingFor = '';
  /** Set when a step ran out of time: its waits stop. */
  abandoned = false;

  constructor(readonly context: JourneyContext) {
    this.tab = context.engine.tab;
  }

  get url(): string {
    return this.context.site.url;
  }

  /** Polls `expression` in the page until it is truthy (the step's deadline bounds it). */
  async until(expression: string, what: string, tab = this.tab): Promise<void> {
    this.waitingFor = what;
    for (;;) {
      if (this.abandoned) throw new Error('step abandoned');
      const value = await tab
        .evaluate<unknown>(`(() => { try { return ${expression}; } catch { return false; } })()`)
        .catch(() => false);
      if (value) return;
      await sleep(POLL_MS);
    }
  }

  async visible(target: Target, tab = this.tab): Promise<void> {
    const el = findExpression(target);
    await this.until(`(${el})?.getClientRects().length > 0`, `${describe(target)} to be visible`, tab);
  }

  async click(target: Target, tab = this.tab): Promise<void> {
    await this.visible(target, tab);
    this.waitingFor = `a click on ${describe(target)}`;
    await tab.click(target);
  }

  async backendReady(tab = this.tab): Promise<void> {
    await this.until(`document.documentElement.dataset.backend === 'ready'`, 'the backend to start', tab);
  }

  /** An `<img>` inside `scope` has loaded (decoded, with a width). */
  async imageLoaded(scope: string, tab = this.tab): Promise<void> {
    await this.until(
      `[...document.querySelectorAll(${JSON.stringify(`${scope} img`)})].some((img) => img.complete && img.naturalWidth > 0)`,
      `an image in ${scope} to load`,
      tab,
    );
  }

  /** The post with `text` shows its image, loaded. */
  async postImageLoaded(text: string, tab = this.tab): Promise<void> {
    await this.until(
      `[...document.querySelectorAll('main article')].some((a) => a.textContent.includes(${JSON.stringify(text)}) && [...a.querySelectorAll('img')].some((img) => img.alt.startsWith('Image shared') && img.complete && img.naturalWidth > 0))`,
      `the image of the post "${text}" to load`,
      tab,
    );
  }

  async postShown(text: string, tab = this.tab): Promise<void> {
    await this.visible({ css: 'main article', text: undefined }, tab);
    await this.until(
      `[...document.querySelectorAll('main article')].some((a) => a.textContent.includes(${JSON.stringify(text)}))`,
      `the post "${text}"`,
      tab,
    );
  }
}

const article = (id: string) => `main article[data-post-id="${id}"]`;
const likeOf = (id: string): Target => ({ css: `${article(id)} button[aria-label="Like"]` });
const liked = (id: string) => `document.querySelector('${likeOf(id).css}')?.getAttribute('aria-pressed') === 'true'`;
const hue = `getComputedStyle(document.documentElement).getPropertyValue('--hue').trim()`;
const composer = 'main section[aria-label="Create a post"]';

export const STEPS: Step[] = [
  {
    name: 'sign in as guest',
    deadline: 30_000,
    run: async (j) => {
      await j.tab.goto(`${j.url}login`);
      await j.backendReady();
      // The backend runs in its own worker in every engine, off the page's main thread.
      await j.until(`document.documentElement.dataset.backendThread === 'worker'`, "the backend's worker");
      await j.click({ css: 'button', text: 'Login As Guest' });
      await j.visible({ css: 'main h1, main h2, main h3', text: 'Latest Posts' });
    },
  },
  {
    name: 'Home shows the feed with its images',
    deadline: 20_000,
    run: async (j) => {
      await j.postShown('');
      await j.imageLoaded('main article');
    },
  },
  {
    name: 'like a post',
    deadline: 20_000,
    run: async (j) => {
      const unliked = 'main article[data-post-id]:has(button[aria-label="Like"][aria-pressed="false"])';
      await j.visible({ css: unliked });
      j.likedPostId = await j.tab.evaluate<string>(`document.querySelector('${unliked}').dataset.postId`);
      await j.click(likeOf(j.likedPostId));
      await j.until(liked(j.likedPostId), 'the Like button to be pressed');
    },
  },
  {
    name: 'new post with an image',
    deadline: 30_000,
    run: async (j) => {
      await j.click({ css: `${composer} textarea` });
      await j.tab.type({ css: `${composer} textarea` }, MY_POST);
      await j.tab.upload({ css: `${composer} input[type="file"]` }, j.context.imagePath);
      await j.visible({ css: `${composer} img[alt="Attached image preview"]` });
      await j.click({ css: `${composer} button`, text: 'Post' });
      await j.postImageLoaded(MY_POST);
    },
  },
  {
    name: 'profile',
    deadline: 20_000,
    run: async (j) => {
      await j.click({ css: 'header a[aria-label^="Your profile"]' });
      await j.visible({ css: 'main h1', text: 'Guest User' });
      await j.postShown(MY_POST);
    },
  },
  {
    name: 'notifications',
    deadline: 20_000,
    run: async (j) => {
      // The seed's five, unread: the bell says so in its name, the page lists them and marks them read.
      await j.until(
        `document.querySelector('header a[href$="notifications"]')?.getAttribute('aria-label') === 'Notifications, 5 unread'`,
        'the bell to say 5 unread',
      );
      await j.click({ css: 'header a[href$="notifications"]' });
      await j.visible({ css: 'main h1', text: 'Notifications' });
      await j.until(
        `[...document.querySelectorAll('main ul[aria-label="Notifications"] li')].some((li) => li.textContent.includes('and Maya Lindqvist liked your post'))`,
        'the grouped likes in the list',
      );
      await j.until(
        `document.querySelector('header a[href$="notifications"]')?.getAttribute('aria-label') === 'Notifications'`,
        'the bell to say none is unread',
      );
    },
  },
  {
    name: 'post deep link with reload',
    deadline: 30_000,
    run: async (j) => {
      await j.tab.goto(`${j.url}post/${j.likedPostId}`);
      await j.backendReady();
      await j.until(liked(j.likedPostId), 'the liked post, Like pressed');
      await j.tab.reload();
      await j.backendReady();
      await j.until(liked(j.likedPostId), 'the liked post after a reload');
    },
  },
  {
    name: 'theme',
    deadline: 20_000,
    run: async (j) => {
      await j.tab.goto(`${j.url}theme`);
      await j.backendReady();
      await j.click({ css: 'label.swatch', text: 'Rose' });
      await j.until(`${hue} === '${ROSE_HUE}'`, 'the Rose accent');
    },
  },
  {
    name: 'reload keeps data',
    deadline: 30_000,
    run: async (j) => {
      await j.tab.reload();
      await j.backendReady();
      await j.until(`${hue} === '${ROSE_HUE}'`, 'the Rose accent after a reload');
      await j.tab.goto(j.url);
      await j.backendReady();
      await j.postImageLoaded(MY_POST);
      await j.until(liked(j.likedPostId), 'the like after a reload');
    },
  },
  {
    name: 'two tabs',
    deadline: 30_000,
    run: async (j) => {
      const second = await j.context.engine.newTab();
      await second.goto(j.url);
      await j.backendReady(second);
      await j.postShown(MY_POST, second);
      await j.click({ css: `${composer} textarea` }, second);
      await second.type({ css: `${composer} textarea` }, OTHER_TAB_POST);
      await j.click({ css: `${composer} button`, text: 'Post' }, second);
      await j.postShown(OTHER_TAB_POST, second);
      await j.tab.reload();
      await j.backendReady();
      await j.postShown(OTHER_TAB_POST);
    },
  },
  {
    // Downloads differ per engine (and per driver), and the page's CSP keeps
    // its blob: link from being fetched; so after the button has made the
    // file, the same file is read where the button got it (the backend's
    // backup route, through the service worker) and handed to the page's
    // file input as any picked file is.
    name: 'backup, reset, restore',
    deadline: 45_000,
    run: async (j) => {
      await j.tab.goto(`${j.url}settings/data`);
      await j.backendReady();
      await j.click({ css: 'main button', text: 'Download a backup' });
      await j.visible({ css: '[data-testid="backup-link"]' });
      j.waitingFor = 'the backup file';
      const backup = await j.tab.evaluate<string>(
        `fetch(${JSON.stringify(`${j.url}__murmur/backup`)}).then((r) => r.text())`,
      );
      const backupPath = j.context.outputPath('murmur-backup.json');
      await writeFile(backupPath, backup);

      await j.click({ css: 'main button', text: 'Reset demo data' });
      await j.click({ css: 'dialog[open] button', text: 'Reset' });
      await j.until(`document.body.textContent.includes('Demo data reset')`, 'the reset to finish');

      await j.tab.upload({ css: '[data-testid="backup-input"]' }, backupPath);
      await j.visible({ css: 'dialog[open]', text: undefined });
      await j.until(
        `document.querySelector('dialog[open]')?.textContent.includes('uploaded image')`,
        'the restore dialog to say what the backup holds',
      );
      await j.click({ css: 'dialog[open] button', text: 'Restore' });
      await j.until(`document.body.textContent.includes('Backup restored')`, 'the restore to finish');
      await j.tab.goto(j.url);
      await j.backendReady();
      await j.postShown(OTHER_TAB_POST);
      await j.postImageLoaded(MY_POST);
      await j.until(liked(j.likedPostId), 'the like, restored');
    },
  },
  {
    name: 'offline reload',
    deadline: 30_000,
    run: async (j) => {
      await j.until('navigator.serviceWorker.controller !== null', 'the service worker to control the page');
      await j.context.site.stop();
      await j.tab.reload();
      await j.backendReady();
      await j.postShown(OTHER_TAB_POST);
      await j.imageLoaded('main article');
      await j.tab.goto(`${j.url}post/${j.likedPostId}`);
      await j.backendReady();
      await j.until(liked(j.likedPostId), 'a deep link offline');
    },
  },
];

/** Runs `step` within its deadline: a step that never finishes is a failure naming what it waited for. */
export async function runStep(journey: Journey, step: Step): Promise<void> {
  journey.waitingFor = '';
  journey.abandoned = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      journey.abandoned = true;
      reject(
        new Error(
          `step "${step.name}" did not finish within ${step.deadline / 1000} s (waiting for ${journey.waitingFor || 'the browser'})`,
        ),
      );
    }, step.deadline);
  });
  try {
    await Promise.race([step.run(journey), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
