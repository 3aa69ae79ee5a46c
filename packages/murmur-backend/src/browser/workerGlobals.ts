// What the backend's worker must have before msw loads. msw keeps the cookies
// mocked answers set in `localStorage`, and refuses to load where a browser-like
// scope has none, as a worker's has not. The backend sets no cookies: a
// stand-in in memory, for this worker only (the page's own is untouched).

if (typeof localStorage === 'undefined') {
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}

export {};
