// What an app and the backend agree on, with no dependencies: an app imports
// `@murmur/backend/protocol` without pulling in msw or the wasm.

export * from './persistence/protocol.js';
export { imageTypeOf, SIGNATURE_BYTES, type ImageType } from './imageType.js';
