import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// react-router's package exports only its development build (warnings and their texts); the
// production build of the same version sits next to it.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

// The API and its media live on another port in development; in production they share the origin.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    // The manifest lets `npm run bench` work out which chunks each page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // react-toastify loads after the first paint (src/lib/toast.ts); lazy pages import it too,
          // and without its own chunk it would be merged into the entry.
          groups: [
            {
              name: 'toastify',
              test: /node_modules[\\/](react-toastify|clsx)[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
      // The local eSewa and Khalti simulators the API serves outside production.
      '/dev/esewa': { target: apiTarget, changeOrigin: true },
      '/dev/khalti': { target: apiTarget, changeOrigin: true },
    },
  },
}));
