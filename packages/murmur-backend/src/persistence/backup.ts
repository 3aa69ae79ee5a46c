// A backup file of the demo data (`murmur-backup-<date>.json`): what it
// holds, how it is written, and every check it must pass before anything is
// restored from it. No msw and no wasm in here: an app reads a file's summary
// with it (from `@murmur/backend/protocol`) before asking to restore.
//
//   {"format":"murmur-backup","version":1,
//    "state":<the core's snapshot, as it exported it>,
//    "images":[{"id":"m-01","type":"image/png","data":"<base64>"}, ...]}
//
// The snapshot goes in as the core wrote it (no parse, no copy of a parsed
// tree), so a backup of an unchanged state is the same file, byte for byte,
// whenever and wherever it is made. The images are the stored uploads, by id.

import { imageTypeOf, type ImageType } from '../core/imageType.js';
import { isRecord } from '../json.js';

export const BACKUP_FORMAT = 'murmur-backup';
export const BACKUP_VERSION = 1;

/**
 * The largest file restored. A backup holds the state (bench/backup.mjs
 * measures it at 10,000 posts) and every upload in base64 (a third larger
 * than the file); a larger file is refused before it is read, so that a
 * wrong file picked by mistake (a video, a disk image) is never loaded into
 * memory.
 */
export const BACKUP_MAX_BYTES = 100 * 1024 * 1024;

/** One stored upload, as the backup carries it. */
export interface BackupImage {
  id: string;
  type: ImageType;
  /** The file's bytes, base64. */
  data: string;
}

/** An upload, as the backend stores it. */
export interface BackupMedia {
  id: string;
  type: string;
  bytes: ArrayBuffer;
}

/** What a backup holds, for the person about to restore it. */
export interface BackupSummary {
  users: number;
  posts: number;
  images: number;
  /** The newest moment in the data (a post, comment, sign-up or edit), ms since the epoch; null when it holds none. */
  latestActivity: number | null;
  /** The file's size in bytes. */
  bytes: number;
}

/** A backup that passed every check the page can make: the core checks `snapshot` when it is restored. */
export interface CheckedBackup {
  snapshot: string;
  media: BackupMedia[];
  summary: BackupSummary;
}

/** Why a file was refused. */
export type BackupProblem =
  | 'too-large'
  | 'not-json'
  | 'truncated'
  | 'other-format'
  | 'newer-version'
  | 'damaged'
  | 'not-an-image'
  | 'state-refused';

const UNCHANGED = 'Nothing was changed.';

export const BACKUP_MESSAGES = {
  tooLarge: `This file is larger than 100 MB, more than a Murmur backup can be. ${UNCHANGED}`,
  notJson: `This file is not a Murmur backup (it is not JSON). ${UNCHANGED}`,
  truncated: `This backup is incomplete: the file ends too early (was the download cut short?). ${UNCHANGED}`,
  otherFormat: `This file is not a Murmur backup (it is JSON, but not in Murmur's backup format). ${UNCHANGED}`,
  newerVersion: (version: number) =>
    `This backup was made by a newer version of Murmur (backup version ${version}; this one reads version ${BACKUP_VERSION}). Update Murmur and try again. ${UNCHANGED}`,
  damaged: (what: string) => `This backup is damaged: ${what}. ${UNCHANGED}`,
  notAnImage: (id: string) => `This backup holds a file that is not a JPEG or PNG image (${id}). ${UNCHANGED}`,
  stateRefused: (why: string) => `This backup's data was refused: ${why}. ${UNCHANGED}`,
} as const;

export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** `murmur-backup-2026-11-24.json`: the name a download gets, by the local date. */
export function backupFileName(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `murmur-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** The backup file's text: the core's snapshot as it is, and the uploads sorted by id. */
export function writeBackup(snapshot: string, media: readonly BackupMedia[]): string {
  const images: BackupImage[] = [...media]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, type, bytes }) => ({ id, type: type as ImageType, data: toBase64(new Uint8Array(bytes)) }));
  return `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_VERSION},"state":${snapshot},"images":${JSON.stringify(images)}}`;
}

/** The start every backup this package writes has: a file that starts so and does not parse was cut short. */
const BACKUP_START = /^\s*\{\s*"format"\s*:\s*"murmur-backup"/;

/**
 * Reads and checks a backup file (a File or Blob, or its text): its size
 * first, then that it is JSON, in this format, of a version this build reads,
 * complete, and that every image is a JPEG or PNG by its bytes. Rejects with
 * a BackupError naming what is wrong.
 */
export async function readBackup(file: Blob | string, maxBytes = BACKUP_MAX_BYTES): Promise<CheckedBackup> {
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file).byteLength : file.size;
  if (bytes > maxBytes) throw new BackupError('too-large', BACKUP_MESSAGES.tooLarge);
  const text = typeof file === 'string' ? file : await file.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (BACKUP_START.test(text)) throw new BackupError('truncated', BACKUP_MESSAGES.truncated);
    throw new BackupError('not-json', BACKUP_MESSAGES.notJson);
  }
  if (!isRecord(parsed) || parsed.format !== BACKUP_FORMAT) {
    throw new BackupError('other-format', BACKUP_MESSAGES.otherFormat);
  }
  const { version, state, images } = parsed;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw new BackupError('damaged', BACKUP_MESSAGES.damaged('its version is not a whole number'));
  }
  if (version > BACKUP_VERSION) throw new BackupError('newer-version', BACKUP_MESSAGES.newerVersion(version));
  if (!isRecord(state)) throw new BackupError('damaged', BACKUP_MESSAGES.damaged('it holds no state'));
  if (!Array.isArray(images)) throw new BackupError('damaged', BACKUP_MESSAGES.damaged('its images are not a list'));
  const media = images.map(readImage);
  const ids = new Set(media.map((m) => m.id));
  if (ids.size !== media.length) throw new BackupError('damaged', BACKUP_MESSAGES.damaged('an image is listed twice'));
  return {
    snapshot: JSON.stringify(state),
    media,
    summary: {
      users: Array.isArray(state.users) ? state.users.length : 0,
      posts: Array.isArray(state.posts) ? state.posts.length : 0,
      images: media.length,
      latestActivity: latestActivity(state),
      bytes,
    },
  };
}

function readImage(image: unknown, index: number): BackupMedia {
  if (
    !isRecord(image) ||
    typeof image.id !== 'string' ||
    !/^[\w-]+$/.test(image.id) ||
    typeof image.data !== 'string'
  ) {
    throw new BackupError('damaged', BACKUP_MESSAGES.damaged(`image ${index + 1} has no id or no data`));
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(image.data);
  } catch {
    throw new BackupError('damaged', BACKUP_MESSAGES.damaged(`the data of image ${image.id} is not base64`));
  }
  // The bytes decide, as for an upload: never the type the file claims.
  const type = imageTypeOf(bytes);
  if (!type) throw new BackupError('not-an-image', BACKUP_MESSAGES.notAnImage(image.id));
  return { id: image.id, type, bytes: bytes.buffer };
}

/** The newest `createdAt`/`updatedAt` of the users, posts and comments of a snapshot. */
function latestActivity(state: Record<string, unknown>): number | null {
  let latest: number | null = null;
  const see = (record: unknown) => {
    if (!isRecord(record)) return;
    for (const time of [record.createdAt, record.updatedAt]) {
      if (typeof time === 'number' && Number.isFinite(time) && (latest === null || time > latest)) latest = time;
    }
  };
  for (const user of Array.isArray(state.users) ? state.users : []) see(user);
  for (const post of Array.isArray(state.posts) ? state.posts : []) {
    see(post);
    if (isRecord(post) && Array.isArray(post.comments)) post.comments.forEach(see);
  }
  return latest;
}

// Base64 through the platform's btoa/atob, a slice at a time (a spread of a
// whole image would overflow the call stack's argument limit).
const CHUNK = 0x8000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

function fromBase64(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
