/** Hands a downloaded file to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name a Content-Disposition header gives, else `fallback`. */
export function fileNameOf(disposition: unknown, fallback: string): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallback;
}
