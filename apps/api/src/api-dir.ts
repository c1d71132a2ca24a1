import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api). This file sits directly in src/, at the depth of the built
 * bundles (dist/server.js), so one relative path serves the source and the build (decision 050).
 */
export const apiDir = fileURLToPath(new URL('..', import.meta.url));
