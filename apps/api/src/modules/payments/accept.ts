interface Match {
  quality: number;
  /** 2: named exactly, 1: by type/*, 0: by * / *, -1: not accepted at all. */
  specificity: number;
}

/**
 * How an Accept header takes a media type (RFC 9110 §12.5.1): the most specific range that
 * matches gives the quality; no match is 0. No header counts as * / *.
 */
function acceptMatch(accept: string | undefined, mediaType: string): Match {
  if (!accept?.trim()) return { quality: 1, specificity: 0 };
  const [type] = mediaType.split('/');
  let best: Match = { quality: 0, specificity: -1 };
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === mediaType ? 2 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < best.specificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality)) continue;
    if (specificity > best.specificity || quality > best.quality)
      best = { quality: Math.max(0, Math.min(1, quality)), specificity };
  }
  return best;
}

export function acceptQuality(accept: string | undefined, mediaType: string): number {
  return acceptMatch(accept, mediaType).quality;
}

/**
 * True when the client wants JSON rather than HTML: a higher quality, or the same quality with JSON
 * named and HTML only reached through a wildcard (axios sends "application/json, text/plain, * / *").
 * Browsers name text/html, and a bare * / * (curl) follows the redirect.
 */
export function prefersJson(accept: string | undefined): boolean {
  const json = acceptMatch(accept, 'application/json');
  const html = acceptMatch(accept, 'text/html');
  if (json.quality <= 0) return false;
  if (json.quality !== html.quality) return json.quality > html.quality;
  return json.specificity > html.specificity;
}
