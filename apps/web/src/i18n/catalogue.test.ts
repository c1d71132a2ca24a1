import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from './engine';
import { applyLanguage, english, t } from './i18n';
import { en } from './messages-en';
import { ne } from './messages-ne';

// Every storefront text is written as t('English') or msg('English') (decision 043); this test
// reads them from the source and fails when one lacks its Nepali, when a plural lacks a form, when
// a translation drops or invents a {{placeholder}}, or when a catalogue keeps a text no longer used.

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
// The console stays English (issue 23); the dev outbox is a developer's page.
const NOT_STOREFRONT = /^(features\/admin[^/]*|features\/dev-outbox|test)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The literal first arguments of t(...), translate(...) and msg(...). */
export function messageKeys(code: string): string[] {
  const keys: string[] = [];
  for (const m of code.matchAll(/\b(?:t|msg|translate)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g))
    keys.push(m[2].replace(/\\(['"\\])/g, '$1'));
  return keys;
}

const used = new Set(
  sourceFiles(src)
    .filter((file) => !NOT_STOREFRONT.test(relative(src, file).split('\\').join('/')))
    .flatMap((file) => messageKeys(readFileSync(file, 'utf8'))),
);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL, '');
/** Nepali's plural forms (Intl.PluralRules('ne')): one and other. */
const NEPALI_FORMS = new Intl.PluralRules('ne').resolvedOptions().pluralCategories;

describe('the message catalogues', () => {
  afterAll(() => applyLanguage('en'));

  it('find the storefront texts', () => {
    expect(used.size).toBeGreaterThan(300);
    expect(used).toContain('Add to Cart');
    expect(messageKeys("t('It\\'s {{n}}', { n }); msg(\"Done\")")).toEqual(["It's {{n}}", 'Done']);
  });

  it('have every storefront text in Nepali, with the same placeholders', () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const key of used) {
      const forms = key in ne ? [key] : NEPALI_FORMS.map((form) => `${key}_${form}`);
      for (const form of forms) {
        const text = ne[form];
        if (!text) missing.push(form);
        else if (placeholders(text).join() !== placeholders(key).join()) wrong.push(`${form} → ${text}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('write Nepali in Devanagari', () => {
    const latin = Object.entries(ne).filter(
      ([, text]) =>
        /[A-Za-z]{3}/.test(text.replace(/\{\{[^}]*\}\}|eSewa|Khalti|OTP|SMS|MB/g, '')) ||
        (/[A-Za-z]/.test(text.replace(/\{\{[^}]*\}\}/g, '')) && !/[\u0900-\u097F]/.test(text)),
    );
    expect(latin).toEqual([]);
  });

  it('have every English plural in all its forms, and its placeholders', () => {
    const broken: string[] = [];
    for (const key of Object.keys(en)) {
      const base = baseOf(key);
      if (!(`${base}_one` in en && `${base}_other` in en)) broken.push(key);
      if (placeholders(en[key]).join() !== placeholders(base).join()) broken.push(key);
    }
    expect(broken).toEqual([]);
  });

  it('keep no text the storefront no longer uses', () => {
    const stale = [...Object.keys(ne), ...Object.keys(en)].filter(
      (key) => !used.has(baseOf(key)) && !used.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('format counts and plurals through the message format', async () => {
    expect(t('{{count, n}} stars', { count: 1 })).toBe('1 star');
    expect(t('{{count, n}} stars', { count: 1250 })).toBe('1,250 stars');
    await applyLanguage('ne');
    expect(document.documentElement.lang).toBe('ne');
    expect(t('Cart, {{count, n}} items', { count: 12 })).toBe('कार्ट, १२ सामान');
    expect(t('{{count, n}} products found', { count: 123456 })).toBe('१,२३,४५६ सामान भेटिए');
    await applyLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('{{count, n}} stars', { count: 2 })).toBe('2 stars');
  });

  it('write English the same before the engine loads as with it', () => {
    const engine = createEngine();
    const values = { count: 1, n: 3, title: 'Rice', name: 'Sita', term: 'dal', percent: 15, value: 7 };
    const differ: string[] = [];
    for (const key of used)
      for (const count of [0, 1, 2, 1250]) {
        const options: Record<string, unknown> = { ...values, count };
        for (const name of placeholders(key)) options[name] ??= `<${name}>`;
        const before = english(key, options);
        if (before !== engine.t(key, options)) differ.push(`${key}: ${before} / ${engine.t(key, options)}`);
      }
    expect(differ).toEqual([]);
  });
});
