import { describe, expect, it } from 'vitest';
import { markServed, SERVER_MARKER } from './staticFiles.js';

describe('markServed', () => {
  it('puts the marker first in the <head>, whatever its attributes', () => {
    expect(markServed('<!doctype html><html><head><title>M</title></head></html>')).toBe(
      `<!doctype html><html><head>${SERVER_MARKER}<title>M</title></head></html>`,
    );
    expect(markServed('<HTML><Head lang="en">x</Head>')).toBe(`<HTML><Head lang="en">${SERVER_MARKER}x</Head>`);
  });

  it('never takes <header> for the head, and starts a page that has none with it', () => {
    expect(markServed('<header>h</header>')).toBe(`${SERVER_MARKER}<header>h</header>`);
  });
});
