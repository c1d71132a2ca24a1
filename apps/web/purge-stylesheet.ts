import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

/**
 * The prefixes react-bootstrap joins to a prop's value at run time (`<Button variant="success">`
 * gives `btn-success`, `<Badge bg="danger">` gives `bg-danger`, `<Modal size="lg">` `modal-lg`):
 * the value is in the code, the class is not. Each word of the code is kept with each prefix.
 */
const RUNTIME_PREFIXES = [
  'btn',
  'bg',
  'text',
  'text-bg',
  'border',
  'modal',
  'modal-dialog',
  'table',
  'form-control',
  'form-select',
  'nav',
  'spinner',
  'alert',
  'carousel-item',
];

/** Classes that react-bootstrap and the code add in ways no word of the code spells. */
const SAFELIST = {
  standard: [
    'show',
    'showing',
    'fade',
    'collapsing',
    'active',
    'disabled',
    'modal-open',
    'modal-static',
    'was-validated',
    'is-invalid',
    'is-valid',
    /^carousel/,
    /^modal-backdrop/,
  ],
};

/** The react-bootstrap components the shop imports, with the parts they render (their esm files). */
const REACT_BOOTSTRAP_PARTS =
  /^(Button|Badge|Form|Feedback|Floating|Switch|Modal|AbstractModalHeader|CloseButton|BootstrapModalManager|Fade|Table|Tab|Nav|Carousel|ThemeProvider)[A-Za-z]*\.js$/;

const here = dirname(fileURLToPath(import.meta.url));

/** The words of source code or HTML that could be a class name, each also with the prefixes above. */
export function classWords(content: string): string[] {
  const words = content.match(/[A-Za-z0-9_:-]+/g) ?? [];
  const out = new Set<string>();
  for (const word of words) {
    out.add(word);
    for (const prefix of RUNTIME_PREFIXES) out.add(`${prefix}-${word}`);
  }
  return [...out];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every file whose words may name a Bootstrap class: the shop's code and page, react-bootstrap's parts. */
function contentFiles(): string[] {
  const esm = join(dirname(createRequire(import.meta.url).resolve('react-bootstrap/Button')));
  const parts = readdirSync(esm)
    .filter((name) => REACT_BOOTSTRAP_PARTS.test(name))
    .map((name) => join(esm, name));
  return [...sourceFiles(join(here, 'src')), join(here, 'index.html'), ...parts];
}

/**
 * Bootstrap's stylesheet holds every component and utility; the shop uses a small part of it. The
 * build keeps only the rules whose classes appear in the shop's code (every screen, the staff
 * console's included, so one stylesheet still serves them all) or in the react-bootstrap parts it
 * uses: the stylesheet is on every page's critical path (decision 016). Done as the file is
 * transformed, so the file's name (its hash) follows what is in it. The development server keeps
 * the whole stylesheet.
 */
export function purgeStylesheet(): Plugin {
  return {
    name: 'pasal-purge-stylesheet',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/.test(id)) return null;
      const content = contentFiles().map((file) => ({
        raw: readFileSync(file, 'utf8'),
        extension: file.endsWith('.html') ? 'html' : 'js',
      }));
      const [result] = await new PurgeCSS().purge({
        content,
        css: [{ raw: code }],
        defaultExtractor: classWords,
        safelist: SAFELIST,
      });
      return { code: result?.css ?? code, map: null };
    },
  };
}
