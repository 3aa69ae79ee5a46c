// What an uploaded file really is, from its first bytes (its "magic number"),
// never from its name or the type the browser guessed from the name. Only the
// types the upload message names are recognised: JPEG and PNG.

export type ImageType = 'image/jpeg' | 'image/png';

/** The bytes a file must start with, per type. */
const SIGNATURES: readonly [ImageType, readonly number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** How many leading bytes `imageTypeOf` looks at. */
export const SIGNATURE_BYTES = 8;

/** `image/png` or `image/jpeg` when the bytes start like one, otherwise null. */
export function imageTypeOf(bytes: ArrayBuffer | Uint8Array): ImageType | null {
  const head =
    bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes, 0, Math.min(bytes.byteLength, SIGNATURE_BYTES));
  for (const [type, signature] of SIGNATURES) {
    if (head.length >= signature.length && signature.every((byte, i) => head[i] === byte)) return type;
  }
  return null;
}
