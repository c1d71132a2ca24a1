import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The storefront's import rules (docs/decisions/013-storefront-cart.md), checked over the
// import graph of src/ so they stay true:
// 1. src/components and src/lib are shared code: they import nothing from src/features or src/app.
// 2. A feature imports from another feature only its public modules: the slice (`*-slice.ts`:
//    state, events, selectors), thunks (`*-thunks.ts`), server calls (`*-api.ts`) and hooks
//    (`use-*.ts`). Another feature's components are composed in src/app, never imported.
// 3. From src/app a feature imports only the typed hooks (app/hooks.ts).
// 4. The shop console is one area of features: `admin` (the shell and its shared pieces) and
//    `admin-*` (screens). A screen feature may import any module of the shell; the shell imports
//    a screen feature's route list (`*-routes`) to plug it in (docs/decisions/019).
// src/app (the composition root) and src/test (the test harness) may import anything.

const src = dirname(fileURLToPath(import.meta.url));
const PUBLIC_MODULE = /^(use-[a-z0-9-]+|[a-z0-9-]+-(slice|thunks|api))$/;
const CONSOLE_FEATURE = /^admin(-[a-z0-9-]+)?$/;

/** Rule 4: an import between the console's shell and its screen features. */
function consoleImport(fromFeature: string, toFeature: string, module: string): boolean {
  if (!CONSOLE_FEATURE.test(fromFeature) || !CONSOLE_FEATURE.test(toFeature)) return false;
  return toFeature === 'admin' || (fromFeature === 'admin' && /-routes$/.test(module));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports. */
export function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(
    /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  ))
    found.add(m[1] ?? m[2]);
  return [...found];
}

/** ['features', 'cart', 'cart-slice'] for src/features/cart/cart-slice(.ts) */
const parts = (absolute: string) =>
  relative(src, absolute)
    .replace(/\.(ts|tsx)$/, '')
    .split(sep);

export function violation(fromFile: string, specifier: string): string | null {
  const from = parts(fromFile);
  const to = parts(resolve(dirname(fromFile), specifier));
  const [fromArea, fromFeature] = from;
  const [toArea, toFeature] = to;
  const shared = fromArea === 'components' || fromArea === 'lib';
  if (shared && (toArea === 'features' || toArea === 'app'))
    return 'shared code imports no feature or app module';
  if (fromArea !== 'features') return null;
  if (toArea === 'app' && to.join('/') !== 'app/hooks')
    return 'a feature imports only app/hooks from src/app';
  if (
    toArea === 'features' &&
    toFeature !== fromFeature &&
    !PUBLIC_MODULE.test(to[to.length - 1]) &&
    !consoleImport(fromFeature, toFeature, to[to.length - 1])
  )
    return `not a public module of the ${toFeature} feature (slice, thunks, api or use-* hook)`;
  return null;
}

describe('import rules', () => {
  it('hold for every module under src/', () => {
    const broken: string[] = [];
    for (const file of sourceFiles(src)) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const why = violation(file, specifier);
        if (why) broken.push(`${relative(src, file)} → ${specifier}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('catch what they forbid', () => {
    const at = (path: string) => join(src, path);
    expect(violation(at('components/card.tsx'), '../features/cart/cart-slice')).not.toBeNull();
    expect(violation(at('lib/x.ts'), '../app/store')).not.toBeNull();
    expect(violation(at('features/product/page.tsx'), '../cart/cart-page')).not.toBeNull();
    expect(violation(at('features/product/page.tsx'), '../../app/store')).not.toBeNull();
    expect(violation(at('features/product/page.tsx'), '../cart/use-add-to-cart')).toBeNull();
    expect(violation(at('features/layout/header.tsx'), '../wishlist/wishlist-slice')).toBeNull();
    expect(violation(at('features/admin-catalog/products-page.tsx'), '../admin/data-table')).toBeNull();
    expect(
      violation(at('features/admin/admin-routes.tsx'), '../admin-catalog/admin-catalog-routes'),
    ).toBeNull();
    expect(violation(at('features/admin/admin-routes.tsx'), '../admin-catalog/products-page')).not.toBeNull();
    expect(violation(at('features/cart/cart-page.tsx'), '../admin/data-table')).not.toBeNull();
    expect(violation(at('features/cart/cart-page.tsx'), './promo-box')).toBeNull();
    expect(violation(at('features/cart/cart-page.tsx'), '../../components/product-image')).toBeNull();
    expect(violation(at('app/routes.tsx'), '../features/cart/cart-page')).toBeNull();
    expect(importsOf("import a from './a';\nexport { b } from '../b';\nconst c = import('./c');")).toEqual([
      './a',
      '../b',
      './c',
    ]);
  });
});
