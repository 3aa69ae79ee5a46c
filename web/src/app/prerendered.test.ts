import { describe, expect, it } from 'vitest';
import { firstRenderMatches, routeOf } from './prerendered';

describe('which prerendered page the client may hydrate', () => {
  it('the same route for the same kind of visitor', () => {
    const login = { prerenderedPath: '/login', prerenderedSession: 'out' };
    expect(firstRenderMatches(login, '/login', false)).toBe(true);
    // A signed-in visitor at /login goes home: never hydrate the form.
    expect(firstRenderMatches(login, '/login', true)).toBe(false);
    const shell = { prerenderedPath: '/', prerenderedSession: 'in' };
    expect(firstRenderMatches(shell, '/', true)).toBe(true);
    expect(firstRenderMatches(shell, '/', false)).toBe(false);
    // A deep link the host answered with the shell renders afresh.
    expect(firstRenderMatches(shell, '/post/p-01', true)).toBe(false);
    // The dev server's HTML holds no page.
    expect(firstRenderMatches({}, '/', true)).toBe(false);
  });

  it('reads the route inside the base path, with or without a trailing slash', () => {
    expect(routeOf('/', '/')).toBe('/');
    expect(routeOf('/login', '/')).toBe('/login');
    expect(routeOf('/login/', '/')).toBe('/login');
    expect(routeOf('/murmur/', '/murmur/')).toBe('/');
    expect(routeOf('/murmur', '/murmur/')).toBe('/');
    expect(routeOf('/murmur/login', '/murmur/')).toBe('/login');
  });
});
