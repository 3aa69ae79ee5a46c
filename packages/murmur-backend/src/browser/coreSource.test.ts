import { describe, expect, it } from 'vitest';
import { coreSource } from './coreSource.js';

const fallback = () => new URL('https://example.test/core/mock_core_bg.wasm');

describe('coreSource', () => {
  it('is the file beside the package when given nothing', () => {
    expect(coreSource({}, fallback)).toEqual(fallback());
  });

  it('is wasmUrl when given one', () => {
    expect(coreSource({ wasmUrl: '/static/core.wasm' }, fallback)).toBe('/static/core.wasm');
  });

  it('is the response itself when given wasmResponse, so that nothing is fetched again', () => {
    const response = Promise.resolve(new Response('bytes'));
    expect(coreSource({ wasmResponse: response }, fallback)).toBe(response);
  });

  it('refuses both, and says which to keep', () => {
    expect(() =>
      coreSource({ wasmUrl: '/core.wasm', wasmResponse: Promise.resolve(new Response('')) }, fallback),
    ).toThrow(
      'Pass either wasmUrl (where to fetch the core) or wasmResponse (a fetch of it already started), not both.',
    );
  });
});
