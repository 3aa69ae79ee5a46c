// `seed: { generate: { users, posts, seed } }`: a realistic, deterministic
// data set (names, usernames, bios, posts with hashtags, emoji and the demo's
// images, likes, comments, follows), made with @faker-js/faker seeded by
// `seed`. This module and faker are a chunk of their own, loaded only when
// `generate` is asked for; the core then loads the result (`importSeed`) and
// checks it by the API's rules. Nothing here reads the clock or the platform's
// randomness, so the same numbers give the same data in every runtime.

import { base, en, Faker, generateMersenne53Randomizer } from '@faker-js/faker';
import { checkGenerateOptions, type GenerateOptions } from './options.js';
import type { SeedComment, SeedData, SeedPost, SeedUser } from '../seedData.js';

/** The demo's guest account, always the first user, so 'Login As Guest' works. */
export const GUEST: SeedUser = {
  username: 'guest',
  password: 'guest123',
  firstName: 'Guest',
  lastName: 'User',
  bio: 'Just visiting: poking around Murmur to see what everyone is up to.',
  avatarURL: 'avatars/seed-1.svg',
};

/** Every generated account but the guest's. */
export const GENERATED_PASSWORD = 'password123';

// Posts are spread over these dates (fixed, never "now"): 2024-01-01 to 2026-11-01 UTC.
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2026, 10, 1);

const AVATARS = [
  ...[1, 2, 3, 4, 5, 6].map((n) => `avatars/seed-${n}.svg`),
  ...[1, 2, 3, 4].map((n) => `avatars/preset-${n}.svg`),
  'avatars/default.svg',
];
const IMAGES = [
  'seed/aurora.jpg',
  'seed/city.jpg',
  'seed/desert.jpg',
  'seed/forest.jpg',
  'seed/harbor.jpg',
  'seed/waves.jpg',
];
const VIDEO = 'seed/waves.mp4';
/** Every demo media path a generated seed may point at (the package ships them: `murmur-backend init`). */
export const GENERATED_MEDIA: readonly string[] = [...AVATARS, ...IMAGES, VIDEO];
const EMOJI = [
  '✨',
  '🔥',
  '☕',
  '🚀',
  '🌿',
  '📷',
  '🎉',
  '😅',
  '🙌',
  '🍜',
  '🌅',
  '🏃',
  '🎧',
  '📚',
  '💡',
  '🐛',
  '🌧️',
  '❤️',
  '😂',
  '🤔',
];
const TAGS = [
  'photography',
  'coffee',
  'devlife',
  'rustlang',
  'webdev',
  'travel',
  'food',
  'running',
  'books',
  'music',
  'design',
  'gardening',
  'cycling',
  'weekend',
  'recipes',
  'sketching',
  'hiking',
  'nightsky',
  'citylife',
  'buildinpublic',
  'wasm',
  'typescript',
  'sunrise',
  'mondaymotivation',
  'bakery',
  'homecooking',
  'streetart',
  'podcast',
  'gaming',
  'nature',
];
const OPENERS = [
  'Finally tried',
  'Can’t stop thinking about',
  'Hot take:',
  'Today I learned about',
  'Spent the morning with',
  'Small win:',
  'Anyone else into',
  'Weekend plan:',
  'Still amazed by',
  'Note to self:',
  'Just finished',
];
const COMMENTS = [
  'Love this!',
  'So good',
  'Where was this taken?',
  'Saving this for later',
  'Same here 😂',
  'Congrats!',
  'This made my day',
  'Tell me more',
  'Couldn’t agree more',
  'Need to try this',
  'Wow, the colours',
  'Great thread',
];

const clip = (text: string, max: number) =>
  [...text].length <= max ? text : [...text].slice(0, max).join('').trimEnd();

/** ASCII letters, digits, `_`, `.`, `-`; starting and ending with a letter, digit or `_`; at most `max` characters. */
function usernamePart(text: string, max: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .toLowerCase();
  return ascii.slice(0, max).replace(/^[.-]+|[.-]+$/g, '');
}

/**
 * Faker for words and names, and its seeded generator itself for the many
 * plain draws (a likes list, a date), which cost a tenth of a faker call.
 */
interface Random {
  faker: Faker;
  /** From 0 (included) to 1 (excluded). */
  next(): number;
}

const int = (random: Random, min: number, max: number) => min + Math.floor(random.next() * (max - min + 1));
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random.next() * list.length)]!;
const chance = (random: Random, probability: number) => random.next() < probability;

/** Draws an index from 0 to n - 1, low indexes more often (a few users post and are followed most). */
function skewed(random: Random, n: number): number {
  const u = random.next();
  return Math.min(n - 1, Math.floor(n * u * u));
}

/** `count` values of `make`, drawn once: posts then pick from them. */
const pool = <T>(count: number, make: () => T): T[] => Array.from({ length: count }, make);

function makeUsers(random: Random, count: number): SeedUser[] {
  const { faker } = random;
  const users: SeedUser[] = [GUEST];
  const taken = new Set([GUEST.username]);
  for (let i = 1; i < count; i++) {
    const firstName = clip(faker.person.firstName(), 50);
    const lastName = clip(faker.person.lastName(), 50);
    const first = usernamePart(firstName, 12) || 'user';
    const last = usernamePart(lastName, 12) || 'murmur';
    const style = int(random, 0, 3);
    let stem =
      [
        `${first}_${last}`,
        `${first}.${last}`,
        `${first}${last.slice(0, 1)}`,
        `${first}_${faker.word.noun().toLowerCase()}`,
      ][style] ?? first;
    stem = usernamePart(stem, 25).padEnd(3, '_');
    let username = stem;
    for (let n = 2; taken.has(username); n++) username = `${stem}${n}`;
    taken.add(username);
    const user: SeedUser = {
      username,
      password: GENERATED_PASSWORD,
      firstName,
      lastName,
      avatarURL: pick(random, AVATARS),
      createdAt: int(random, FROM - 180 * 86_400_000, FROM),
    };
    if (chance(random, 0.75)) {
      user.bio = clip(
        `${faker.person.jobTitle()}. ${pick(random, OPENERS)} ${faker.word.noun()} ${pick(random, EMOJI)}`,
        160,
      );
    }
    if (chance(random, 0.3))
      user.website = `https://${username.replace(/[._]/g, '-').replace(/^-+|-+$/g, '') || 'site'}.example.com`;
    users.push(user);
  }
  return users;
}

/** Each user follows a few others, the popular ones more often; the guest follows enough to fill Home. */
function makeFollows(random: Random, users: SeedUser[]): [string, string][] {
  const follows: [string, string][] = [];
  const n = users.length;
  users.forEach((user, i) => {
    const wanted = Math.min(n - 1, i === 0 ? 12 : int(random, 1, 12));
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < wanted && tries < wanted * 4; tries++) {
      const j = skewed(random, n);
      if (j !== i) chosen.add(j);
    }
    for (const j of chosen) follows.push([user.username, users[j]!.username]);
  });
  return follows;
}

/** Sentences to draw post texts from: made once, so a post costs a few plain draws. */
function textPools(random: Random) {
  const { faker } = random;
  return {
    cities: pool(60, () => faker.location.city()),
    nouns: pool(150, () => faker.word.noun()),
    catchPhrases: pool(150, () => faker.company.catchPhrase()),
    hackerPhrases: pool(150, () => faker.hacker.phrase()),
    dishes: pool(80, () => faker.food.dish().toLowerCase()),
  };
}

function postText(random: Random, pools: ReturnType<typeof textPools>): string {
  const emoji = pick(random, EMOJI);
  const noun = pick(random, pools.nouns);
  const text = [
    () => `${pick(random, OPENERS)} ${noun} in ${pick(random, pools.cities)} ${emoji}`,
    () => `${pick(random, pools.catchPhrases)} ${emoji}`,
    () => `New ${noun} day. #${pick(random, TAGS)} ${emoji}`,
    () => pick(random, pools.hackerPhrases),
    () => `Cooked ${pick(random, pools.dishes)} tonight ${emoji}`,
  ][int(random, 0, 4)]!();
  return clip(text, 100);
}

function makePosts(random: Random, users: SeedUser[], count: number): SeedPost[] {
  const pools = textPools(random);
  const n = users.length;
  const times = Array.from({ length: count }, () => int(random, FROM, TO)).sort((a, b) => a - b);
  return times.map((createdAt) => {
    const author = users[skewed(random, n)]!;
    const post: SeedPost = { username: author.username, content: postText(random, pools), createdAt };
    const tagCount = int(random, 0, 3);
    if (tagCount > 0)
      post.hashtags = [...new Set(Array.from({ length: tagCount }, () => `#${pick(random, TAGS)}`))].join(' ');
    const media = random.next();
    if (media < 0.02) post.mediaURL = VIDEO;
    else if (media < 0.27) post.mediaURL = pick(random, IMAGES);
    // About three likes a post on average, a few posts with many.
    const likes = Math.floor(random.next() ** 4 * Math.min(n, 16));
    if (likes > 0) {
      const likers = new Set<string>();
      for (let k = 0; k < likes * 2 && likers.size < likes; k++) likers.add(users[skewed(random, n)]!.username);
      post.likedBy = [...likers];
    }
    if (chance(random, 0.3)) {
      post.comments = Array.from({ length: int(random, 1, 2) }, (_, k): SeedComment => ({
        username: users[int(random, 0, n - 1)]!.username,
        text: `${pick(random, COMMENTS)} ${pick(random, EMOJI)}`,
        createdAt: createdAt + (k + 1) * int(random, 60_000, 36_000_000),
      }));
    }
    return post;
  });
}

/** A realistic data set from `options` (checked first); the same options give the same data. */
export function generateSeed(options: GenerateOptions): SeedData {
  const { users: userCount, posts: postCount, seed } = checkGenerateOptions(options);
  const randomizer = generateMersenne53Randomizer(seed);
  const random: Random = { faker: new Faker({ locale: [en, base], randomizer }), next: () => randomizer.next() };
  const users = makeUsers(random, userCount);
  const follows = makeFollows(random, users);
  const posts = makePosts(random, users, postCount);
  return { users, follows, posts };
}
