import fontUrl from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import { afterFirstScreen } from '../lib/after-first-screen';

/** Devanagari and its extensions: the text the shop's font is for. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA830-\uA839\uA8E0-\uA8FF]/;

/**
 * The header's language switch names Nepali in Nepali on every page: that one word shows in the
 * system's Devanagari font and does not, by itself, bring the shop's font.
 */
const NOT_CONTENT = '.language-switch';

/** Whether `node` holds Devanagari text outside the language switch. */
function hasNepali(node: Node): boolean {
  // One native read of the whole subtree's text first: most of what React adds holds no Nepali, and
  // walking its text nodes one by one cost the home page ~100 ms of main thread as its rows arrived.
  if (!DEVANAGARI.test(node.textContent ?? '')) return false;
  const element = node instanceof Element ? node : node.parentElement;
  if (element?.closest(NOT_CONTENT)) return false;
  if (!(node instanceof Element)) return DEVANAGARI.test(node.textContent ?? '');
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (DEVANAGARI.test(text.textContent ?? '') && !text.parentElement?.closest(NOT_CONTENT)) return true;
  }
  return false;
}

let face: FontFace | null = null;

function declare(): FontFace {
  if (face) return face;
  face = new FontFace(
    'Pasal Devanagari',
    // A phone's own Noto Sans Devanagari (Android's) first: nothing to download, nothing swaps.
    `local("Noto Sans Devanagari"), local("NotoSansDevanagari-Regular"), url("${fontUrl}") format("woff2")`,
    {
      style: 'normal',
      weight: '100 900',
      display: 'swap',
      unicodeRange: 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF',
    },
  );
  document.fonts.add(face);
  return face;
}

/** The longest a Nepali first visit waits for the font before it renders in whatever font there is. */
const NEPALI_FIRST_RENDER_WAIT_MS = 1500;

/**
 * A page opening in Nepali is Devanagari from its first paint: the face is loaded before the first
 * render (at most 1.5 s), so the text never shows in a fallback (or as empty boxes where the
 * system has no Devanagari) and then moves when the face swaps in (CLS 0.01–0.03 before).
 */
export function loadDevanagariFontFirst(): Promise<void> {
  const loading = declare()
    .load()
    .then(() => undefined)
    .catch(() => undefined);
  return Promise.race([
    loading,
    new Promise<void>((resolve) => setTimeout(resolve, NEPALI_FIRST_RENDER_WAIT_MS)),
  ]);
}

/**
 * Nepali text must render even where no Devanagari font is installed, so the shop brings one (51
 * kB). Until it is declared the text shows in the system's Devanagari font where there is one
 * (phones have one). The face covers only Devanagari, so Latin text keeps the system font.
 *
 * It is declared once the page's largest picture is on show, not in the stylesheet: as an
 * @font-face there it was fetched as soon as a product's Nepali name was laid out, competing on a
 * slow network with the product's picture for the same bytes. And it is declared only once the
 * page shows Devanagari text: adding a font face makes the browser lay the whole page out again
 * (47 ms for the home page's rows, none of which is Nepali).
 */
export function declareDevanagariFont(): void {
  afterFirstScreen(() => {
    if (face) return;
    if (hasNepali(document.body)) {
      declare();
      return;
    }
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const nodes = record.type === 'characterData' ? [record.target] : Array.from(record.addedNodes);
        if (nodes.some(hasNepali)) {
          observer.disconnect();
          declare();
          return;
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
