import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support';

// Seed facts these journeys lean on: the guest follows Maya and Theo, not Lena;
// Lena's newest post ("Painted the dunes…") is newer than all but two posts of
// the guest's feed, so it shows on Home's first page once she is followed.
const LENA = { name: 'Lena Costa', username: 'lena_sketches', post: /Painted the dunes from memory/ };
const THEO = { name: 'Theo Marchetti', username: 'theo_builds', post: /Walked home the long way tonight/ };

const whoToFollow = (page: Page) => page.getByRole('region', { name: 'Who to Follow' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function countOf(button: Locator): Promise<number> {
  const text = (await button.textContent()) ?? '';
  const match = /\d+/.exec(text);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[0]);
}
const followersButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^\d+ Followers?$/ });
const followingButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^\d+ Following$/ });

async function openOwnProfile(page: Page) {
  await page.getByRole('link', { name: /^Your profile/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
}

test('follow from Who to Follow: they leave the panel, their posts reach Home, both counts change', async ({
  page,
}) => {
  await signIn(page, '/profile/guest');
  await expect(page.getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
  const myFollowing = await countOf(followingButton(page));

  await nav(page).getByRole('link', { name: 'Home' }).click();
  const feed = page.getByRole('main');
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(feed.getByText(LENA.post)).toHaveCount(0);

  const panel = whoToFollow(page);
  await expect(panel.getByRole('link', { name: new RegExp(LENA.name) })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Guest User/ })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: new RegExp(THEO.name) })).toHaveCount(0);

  await panel.getByRole('button', { name: `Follow ${LENA.name}` }).click();

  await expect(panel.getByRole('link', { name: new RegExp(LENA.name) })).toHaveCount(0);
  await expect(feed.getByText(LENA.post)).toBeVisible();

  // The own profile counts one more followed; Lena's counts one more follower.
  await openOwnProfile(page);
  await expect(followingButton(page)).toHaveText(`${myFollowing + 1} Following`);
  await followingButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Guest User follows' });
  await dialog.getByRole('link', { name: new RegExp(LENA.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: LENA.name })).toBeVisible();
  await expect(page.getByRole('button', { name: `Following ${LENA.name}` })).toHaveAttribute('aria-pressed', 'true');
  await followersButton(page).click();
  await expect(
    page.getByRole('dialog', { name: `Followers of ${LENA.name}` }).getByRole('link', { name: /Guest User/ }),
  ).toBeVisible();
});

test('unfollow from their profile: Follow again, counts drop, back in Who to Follow, gone from Home', async ({
  page,
}) => {
  await signIn(page, `/profile/${THEO.username}`);
  const button = page.getByRole('main').getByRole('button', { name: `Following ${THEO.name}` });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const theoFollowers = await countOf(followersButton(page));

  await button.click();

  const follow = page.getByRole('main').getByRole('button', { name: `Follow ${THEO.name}` });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await expect(followersButton(page)).toHaveText(new RegExp(`^${theoFollowers - 1} Followers?$`));
  await expect(whoToFollow(page).getByRole('button', { name: `Follow ${THEO.name}` })).toBeVisible();

  await openOwnProfile(page);
  const mine = await countOf(followingButton(page));
  await followingButton(page).click();
  await expect(
    page.getByRole('dialog', { name: 'Guest User follows' }).getByRole('link', { name: new RegExp(THEO.name) }),
  ).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await nav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(THEO.post)).toHaveCount(0);

  // And following again from the profile restores it all.
  await whoToFollow(page)
    .getByRole('link', { name: new RegExp(THEO.name) })
    .click();
  await page
    .getByRole('main')
    .getByRole('button', { name: `Follow ${THEO.name}` })
    .click();
  await expect(page.getByRole('main').getByRole('button', { name: `Following ${THEO.name}` })).toBeVisible();
  await expect(followersButton(page)).toHaveText(new RegExp(`^${theoFollowers} Followers?$`));
  await openOwnProfile(page);
  await expect(followingButton(page)).toHaveText(`${mine + 1} Following`);
});
