/**
 * The quality an Accept header gives a media type (RFC 9110 §12.5.1): the most specific range
 * that matches wins (type/subtype, then type/*, then * / *); no match is 0. No header is * / *.
 */
export function acceptQuality(accept: string | undefined, mediaType: string): number {
  if (!accept?.trim()) return 1;
  const [type] = mediaType.split('/');
  let best = { specificity: -1, quality: 0 };
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === mediaType ? 2 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < best.specificity) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality)) continue;
    if (specificity > best.specificity || quality > best.quality) best = { specificity, quality };
  }
  return Math.max(0, Math.min(1, best.quality));
}

/** True when the client ranks JSON above HTML: an API client, not a browser following a redirect. */
export function prefersJson(accept: string | undefined): boolean {
  const json = acceptQuality(accept, 'application/json');
  return json > 0 && json > acceptQuality(accept, 'text/html');
}
