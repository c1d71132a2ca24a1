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
// 5. A storefront feature raises toasts through src/lib/toast.ts, which shows each text in the
//    shopper's language (the API's English answers included) and loads react-toastify after the
//    first paint: it does not import react-toastify itself. The console (admin*) is English.
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

/** Rule 5: a value import of react-toastify (a type import loads nothing and shows nothing). */
export const importsToastify = (code: string) =>
  /\bimport\s+(?!type\b)[^;]*?\bfrom\s*['"]react-toastify['"]|\bimport\(\s*['"]react-toastify['"]\s*\)/.test(
    code,
  );

/**
 * Storefront modules that still import react-toastify, to be moved to src/lib/toast.ts (each must
 * pass t()/translateText texts itself until then). The list only shrinks: a module leaves it when
 * it is moved, and no module joins it.
 */
const TOASTIFY_NOT_YET_MOVED = new Set([
  'features/auth/change-password-page.tsx',
  'features/auth/login-page.tsx',
  'features/auth/otp-check-page.tsx',
  'features/auth/otp-send-errors.ts',
  'features/auth/otp-verify-email-page.tsx',
  'features/auth/otp-verify-page.tsx',
  'features/auth/set-password-page.tsx',
  'features/auth/use-required-proof.ts',
  'features/auth/use-required-state.ts',
  'features/cart/cart-table.tsx',
  'features/cart/promo-box.tsx',
  'features/checkout/address-list.tsx',
  'features/checkout/address-modal.tsx',
  'features/checkout/checkout-page.tsx',
  'features/checkout/payment-return-page.tsx',
  'features/checkout/use-addresses.ts',
  'features/checkout/use-location-cascade.ts',
  'features/orders/all-orders-panel.tsx',
  'features/orders/invoice-download.tsx',
  'features/orders/profile-ratings.tsx',
  'features/profile/edit-profile-form.tsx',
  'features/profile/edit-profile-page.tsx',
  'features/profile/profile-page.tsx',
  'features/profile/use-avatar-upload.ts',
]);

/** Rule 5 for one module (its path under src/, with forward slashes). */
export function toastViolation(path: string, code: string): string | null {
  const [area, feature] = path.split('/');
  if (area !== 'features' || CONSOLE_FEATURE.test(feature) || /\.test\.tsx?$/.test(path)) return null;
  if (!importsToastify(code) || TOASTIFY_NOT_YET_MOVED.has(path)) return null;
  return 'a storefront feature raises toasts through lib/toast, not react-toastify';
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

  it('keep react-toastify out of the storefront features (rule 5), the not-yet-moved list only shrinking', () => {
    const broken: string[] = [];
    const stillImporting = new Set<string>();
    for (const file of sourceFiles(src)) {
      const path = relative(src, file).split(sep).join('/');
      const code = readFileSync(file, 'utf8');
      const why = toastViolation(path, code);
      if (why) broken.push(`${path}: ${why}`);
      if (importsToastify(code)) stillImporting.add(path);
    }
    expect(broken).toEqual([]);
    expect([...TOASTIFY_NOT_YET_MOVED].filter((path) => !stillImporting.has(path))).toEqual([]);
    // What it forbids and allows.
    const toastify = "import { toast } from 'react-toastify';";
    expect(toastViolation('features/auth/signup-page.tsx', toastify)).not.toBeNull();
    expect(
      toastViolation('features/product/x.tsx', "const m = await import('react-toastify');"),
    ).not.toBeNull();
    expect(
      toastViolation('features/auth/signup-page.tsx', "import { toast } from '../../lib/toast';"),
    ).toBeNull();
    expect(
      toastViolation('features/auth/x.tsx', "import type { ToastOptions } from 'react-toastify';"),
    ).toBeNull();
    expect(toastViolation('features/admin/orders/order-actions.tsx', toastify)).toBeNull();
    expect(toastViolation('features/auth/signup-page.test.tsx', toastify)).toBeNull();
    expect(toastViolation('app/toasts.tsx', toastify)).toBeNull();
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
