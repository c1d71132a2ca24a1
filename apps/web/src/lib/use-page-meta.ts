import { useEffect } from 'react';

const SITE = 'Pasal';

/** A description of at most 160 characters (what search results show), cut at a word. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The page's own document title ("{title} | Pasal") and meta description while it is shown; the
 * ones in index.html come back when it goes. Nothing changes until `title` is known.
 */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = { title: document.title, description: meta?.content };
    document.title = `${title} | ${SITE}`;
    if (meta && description) meta.content = shortDescription(description);
    return () => {
      document.title = before.title;
      if (meta && before.description !== undefined) meta.content = before.description;
    };
  }, [title, description]);
}
