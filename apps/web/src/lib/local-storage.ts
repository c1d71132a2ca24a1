import type { Storage } from 'redux-persist';

/**
 * redux-persist's own web storage is CommonJS and its default export does not survive the ESM build,
 * so this small adapter over localStorage is used instead.
 */
export const localStorageAdapter: Storage = {
  getItem: async (key: string) => window.localStorage.getItem(key),
  setItem: async (key: string, value: string) => window.localStorage.setItem(key, value),
  removeItem: async (key: string) => window.localStorage.removeItem(key),
};
