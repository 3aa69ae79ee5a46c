// A small stand-in for `tough-cookie`, aliased in web/vite.config.ts for the
// browser build. msw keeps the cookies that mocked responses set in a
// tough-cookie jar, and tough-cookie carries the whole public-suffix list
// (tldts): most of the mock chunk, loaded before the first render
// (bench/NOTES.md, item 2). Our API sets no cookies (the token travels in a header), so a jar
// that only does what msw asks of it, for one origin, is all we need: exact
// host or parent-domain match, path prefix, expiry. Only the parts msw's
// cookie store uses are here: Cookie (fromJSON, toJSON, toString),
// MemoryCookieStore (idx) and CookieJar (getCookiesSync, setCookie).

type Index = Record<string, Record<string, Record<string, Cookie>>>;

interface CookieFields {
  key: string;
  value: string;
  domain: string;
  path: string;
  /** Epoch ms, or null for a session cookie. */
  expires: number | null;
}

export class Cookie implements CookieFields {
  key: string;
  value: string;
  domain: string;
  path: string;
  expires: number | null;

  constructor(fields: CookieFields) {
    this.key = fields.key;
    this.value = fields.value;
    this.domain = fields.domain;
    this.path = fields.path;
    this.expires = fields.expires;
  }

  static fromJSON(raw: unknown): Cookie | null {
    const data = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    if (!data || typeof data !== 'object') return null;
    const d = data as Partial<CookieFields>;
    if (typeof d.key !== 'string' || typeof d.domain !== 'string' || typeof d.path !== 'string') return null;
    return new Cookie({
      key: d.key,
      value: typeof d.value === 'string' ? d.value : '',
      domain: d.domain,
      path: d.path,
      expires: typeof d.expires === 'number' ? d.expires : null,
    });
  }

  toJSON(): CookieFields {
    return { key: this.key, value: this.value, domain: this.domain, path: this.path, expires: this.expires };
  }

  toString(): string {
    return `${this.key}=${this.value}`;
  }
}

export class MemoryCookieStore {
  idx: Index = {};
}

/** `name=value; Domain=…; Path=…; Max-Age=…; Expires=…` for `url`. */
function parseSetCookie(header: string, url: URL): Cookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const cookie = new Cookie({
    key: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    domain: url.hostname,
    path: '/',
    expires: null,
  });
  for (const attribute of attributes) {
    const [name = '', ...rest] = attribute.split('=');
    const value = rest.join('=').trim();
    switch (name.trim().toLowerCase()) {
      case 'domain':
        if (value) cookie.domain = value.replace(/^\./, '').toLowerCase();
        break;
      case 'path':
        if (value.startsWith('/')) cookie.path = value;
        break;
      case 'max-age':
        if (/^-?\d+$/.test(value)) cookie.expires = Date.now() + Number(value) * 1000;
        break;
      case 'expires': {
        const at = Date.parse(value);
        if (!Number.isNaN(at) && cookie.expires === null) cookie.expires = at;
        break;
      }
    }
  }
  return cookie;
}

const domainMatches = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
const pathMatches = (path: string, prefix: string) =>
  path === prefix || (path.startsWith(prefix) && (prefix.endsWith('/') || path[prefix.length] === '/'));

export class CookieJar {
  private readonly store: MemoryCookieStore;

  constructor(store: MemoryCookieStore = new MemoryCookieStore()) {
    this.store = store;
  }

  getCookiesSync(url: string): Cookie[] {
    const { hostname, pathname } = new URL(url);
    const now = Date.now();
    const found: Cookie[] = [];
    for (const [domain, paths] of Object.entries(this.store.idx)) {
      if (!domainMatches(hostname, domain)) continue;
      for (const [path, cookies] of Object.entries(paths)) {
        if (!pathMatches(pathname, path)) continue;
        for (const cookie of Object.values(cookies)) {
          if (cookie.expires === null || cookie.expires > now) found.push(cookie);
        }
      }
    }
    return found;
  }

  async setCookie(header: string, url: string): Promise<Cookie | undefined> {
    const target = new URL(url);
    const cookie = parseSetCookie(header, target);
    if (!cookie || !domainMatches(target.hostname, cookie.domain)) return undefined;
    const byPath = (this.store.idx[cookie.domain] ??= {});
    const byKey = (byPath[cookie.path] ??= {});
    if (cookie.expires !== null && cookie.expires <= Date.now()) {
      delete byKey[cookie.key];
      return undefined;
    }
    byKey[cookie.key] = cookie;
    return cookie;
  }
}
