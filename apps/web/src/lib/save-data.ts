// Whether the browser asks for lighter pages: the Save-Data setting, or a 2g/3g connection by its
// own measure (Network Information API; Chromium only, elsewhere nothing changes).

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW = new Set(['slow-2g', '2g', '3g']);

export function wantsLightPictures(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || SLOW.has(connection?.effectiveType ?? '');
}

const CATALOGUE_PICTURE = /^\/media\/((?:products|categories|banners)\/[\w-]+\.webp)$/;

/**
 * A catalogue picture's narrower copy (`/media/w/<width>/…`, a width of MEDIA_WIDTHS) when the
 * browser asks to save data; any other address, or a normal line, as it is.
 */
export function lightPicture(src: string, width: 192 | 320 | 480): string {
  const match = CATALOGUE_PICTURE.exec(src);
  return match && wantsLightPictures() ? `/media/w/${width}/${match[1]}` : src;
}
