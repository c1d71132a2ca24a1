import fontUrl from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import { afterFirstScreen } from '../lib/after-first-screen';

/**
 * Nepali text must render even where no Devanagari font is installed, so the shop brings one (51
 * kB). It is declared once the page's largest picture is on show, not in the stylesheet: as an @font-face there it
 * was fetched as soon as a product's Nepali name was laid out, competing on a slow network with
 * the product's picture (the page's largest element) for the same bytes. Until it is declared the
 * text shows in the system's Devanagari font where there is one (phones have one). The face
 * covers only Devanagari, so Latin text keeps the system font, and the file is fetched only when
 * a page shows Nepali text.
 */
export function declareDevanagariFont(): void {
  const declare = () => {
    const face = new FontFace('Pasal Devanagari', `url("${fontUrl}") format("woff2")`, {
      style: 'normal',
      weight: '100 900',
      display: 'swap',
      unicodeRange: 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF',
    });
    document.fonts.add(face);
  };
  afterFirstScreen(declare);
}
