import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress';
import { purgeStylesheet } from './purge-stylesheet';

// react-router's package exports only its development build (warnings and their texts); the
// production build of the same version sits next to it.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

// The API and its media live on another port in development; in production they share the origin.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

const EARLY_ENTRY = 'early-requests';
// The pages whose chunks the early-requests script preloads, by the name it knows them by.
const EARLY_PAGES: Record<string, string> = {
  category: 'src/features/catalogue/category-page.tsx',
  product: 'src/features/product/product-detail-page.tsx',
  search: 'src/features/search/search-page.tsx',
};

/**
 * The early-requests script (src/app/early-requests.ts) is an entry of its own, named in `<head>`
 * before the app and its stylesheet: it must not wait for the app's scripts (decision 016). The
 * app's stylesheet is preloaded instead of linked, so the shell paints without waiting for it; the
 * early script applies it and src/main.tsx renders once it is in.
 */
function earlyRequests(): Plugin {
  return {
    name: 'pasal-early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const early = chunks.find((c) => c.isEntry && c.name === EARLY_ENTRY);
        if (!early) throw new Error('the early-requests chunk is missing from the build');
        // Each page's chunk with everything it imports statically.
        const pageChunks: Record<string, string[]> = {};
        for (const [page, source] of Object.entries(EARLY_PAGES)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`no chunk for ${source}`);
          const files = new Set<string>();
          const visit = (file: string) => {
            if (files.has(file)) return;
            files.add(file);
            for (const next of byFile.get(file)?.imports ?? []) visit(next);
          };
          visit(chunk.fileName);
          pageChunks[page] = [...files].map((file) => `/${file}`);
        }
        const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
        if (!stylesheet.test(html)) throw new Error('the stylesheet link is missing from index.html');
        const preloaded = html.replace(
          stylesheet,
          '<link rel="preload" as="style" crossorigin href="$1" data-app-css>',
        );
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'page-chunks' },
            children: JSON.stringify(pageChunks),
            injectTo: 'head-prepend',
          },
          { tag: 'script', attrs: { type: 'module', src: `/${early.fileName}` }, injectTo: 'head-prepend' },
        ];
        return { html: preloaded, tags };
      },
    },
  };
}

/**
 * V8's explicit compile hint on the app's entry chunk: every function in it is compiled while the
 * file streams in, on a background thread, instead of on the main thread the first time it runs
 * (the first render calls most of React, the router and the store; compiling them lazily made it
 * one long task). https://v8.dev/blog/explicit-compile-hints
 */
function compileHints(): Plugin {
  return {
    name: 'pasal-compile-hints',
    apply: 'build',
    // On the written file, before it is precompressed: the comment must be the file's first line,
    // and Vite puts its preload map there after every plugin's generateBundle.
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.name !== 'index') continue;
          const file = resolve(options.dir!, chunk.fileName);
          writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
        }
      },
    },
  };
}

/**
 * The console's chunks: every file reachable from its entry (admin-app.tsx) that no shop page
 * reaches. They stay out of the precache: a shopper never downloads the console (decision 048).
 */
function consoleOnlyFiles(outDir: string): Set<string> {
  type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk & { isEntry?: boolean }
  >;
  const CONSOLE = 'src/features/admin/admin-app.tsx';
  const reach = (starts: string[], skip?: string) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || key === skip || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
    };
    for (const start of starts) visit(start);
    return files;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const shop = reach(entries, CONSOLE);
  return new Set([...reach([CONSOLE])].filter((file) => !shop.has(file)));
}

/**
 * The installable app (decision 048): the manifest, and the service worker built from
 * src/pwa/sw.ts with the list of files to precache (the shell: the page and the shop's scripts
 * and stylesheets; not the console's chunks, fonts or pictures).
 */
function installableApp() {
  const outDir = fileURLToPath(new URL('dist', import.meta.url));
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/pwa',
    filename: 'sw.ts',
    registerType: 'prompt',
    // Registered by src/pwa/register-sw.ts after the first screen, not by a script in the page.
    injectRegister: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'default-image.jpg'],
      // The shell's files are small; a larger one here would be a mistake worth failing the build for.
      maximumFileSizeToCacheInBytes: 400_000,
      manifestTransforms: [
        async (entries) => {
          const consoleOnly = consoleOnlyFiles(outDir);
          return { manifest: entries.filter((entry) => !consoleOnly.has(entry.url)), warnings: [] };
        },
      ],
    },
    manifest: {
      id: '/',
      name: 'Pasal',
      short_name: 'Pasal',
      description: 'Pasal: online grocery and general shop for Nepal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#198754',
      background_color: '#ffffff',
      lang: 'en',
      categories: ['shopping', 'food'],
      icons: [
        { src: '/icons/pasal-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/pasal-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/pasal-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Cart', url: '/cart', icons: [{ src: '/icons/pasal-192.png', sizes: '192x192' }] },
        {
          name: 'Orders',
          url: '/profile/orders',
          icons: [{ src: '/icons/pasal-192.png', sizes: '192x192' }],
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), earlyRequests(), compileHints(), purgeStylesheet(), installableApp(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    // The manifest lets `npm run bench` work out which chunks each page loads.
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [EARLY_ENTRY]: fileURLToPath(new URL('src/app/early-requests.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // react-toastify loads after the first paint (src/lib/toast.ts); lazy pages import it too,
          // and without its own chunk it would be merged into the entry.
          groups: [
            {
              // Everything the first load needs in one chunk (besides the entry): left to itself
              // the bundler cuts it into a dozen files (every module a lazy page shares with it),
              // and a phone asks for each over one of six HTTP/1.1 connections, a round trip a wave.
              name: 'app',
              tags: ['$initial'],
              test: (id) => !id.endsWith('src/app/early-requests.ts'),
              priority: 1,
            },
            {
              // The small react-bootstrap parts lazy pages share (Button, Fade, ThemeProvider, hooks…)
              // in one file: a page asked for eight to ten 1–4 kB chunks, two waves of round trips.
              name: 'ui-parts',
              test: /node_modules[\\/](react-bootstrap|@restart[\\/]hooks|prop-types|dom-helpers|react-transition-group)[\\/]/,
            },
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
      // xfwd: the API learns the address the browser used (a phone on the LAN), for the wallet
      // simulators' and returns' addresses outside production (docs/decisions/036).
      '/api': { target: apiTarget, changeOrigin: true, xfwd: true },
      '/media': { target: apiTarget, changeOrigin: true },
      // The local eSewa and Khalti simulators the API serves outside production.
      '/dev/esewa': { target: apiTarget, changeOrigin: true, xfwd: true },
      '/dev/khalti': { target: apiTarget, changeOrigin: true, xfwd: true },
    },
  },
}));
