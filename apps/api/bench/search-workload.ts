import { categoryTree, demoProducts } from '../src/seed/catalogue-data';

// The varied search workload of `npm run bench` (issue 22): a few thousand distinct searches of the
// kinds shoppers in Nepal type (English, Devanagari, romanised Nepali, typos, two words, filters)
// and as many distinct prefixes for suggestions, so that no request repeats another and the
// response cache never answers. Deterministic: the same lists on every run.

/** Romanised Nepali as typed on a phone, with the usual spelling variants. */
const ROMANISED = [
  'chamal',
  'chaamal',
  'dudh',
  'doodh',
  'dal',
  'daal',
  'tel',
  'tori ko tel',
  'ghiu',
  'chini',
  'nun',
  'masala',
  'besar',
  'jeera',
  'jira',
  'dahi',
  'paneer',
  'chiura',
  'makai',
  'aata',
  'maida',
  'chana',
  'rajma',
  'mas',
  'mung',
  'aalu',
  'alu',
  'pyaj',
  'lasun',
  'aduwa',
  'khursani',
  'golbheda',
  'kera',
  'syau',
  'suntala',
  'chiya',
  'biskut',
  'chau chau',
  'sabun',
  'masino chamal',
  'basmati chamal',
  'mansuli',
  'gheu',
  'kodo',
  'phapar',
  'bhuja',
  'sukuti',
  'achar',
  'momo',
  'pani',
];

/** A small seeded generator (mulberry32), so that the lists are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,()&/]+/)
    .filter((w) => w.length >= 2);

/** One edit of a word: a letter dropped, two swapped, or one replaced by its keyboard neighbour. */
function typos(word: string): string[] {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return [];
  const out: string[] = [];
  for (let i = 1; i < word.length - 1; i += 2) {
    out.push(word.slice(0, i) + word.slice(i + 1));
    out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}

const SIZES = ['1 kg', '500g', '1l', '2 kg', 'packet', '5kg', 'small', 'big'];

export interface SearchWorkload {
  /** Paths of /products searches, every q distinct. */
  searches: string[];
  /** Paths of /products/suggest, every q distinct. */
  suggestions: string[];
}

/** The filters a quarter of the searches carry (decision 041's parameters; ignored where unknown). */
const FILTERS = [
  'in_stock=true',
  'sort=price_asc',
  'on_sale=true',
  'min_price=100&max_price=2000',
  'sort=best_selling',
];

export function searchWorkload(api: string): SearchWorkload {
  const next = random(22);
  const english = new Set<string>();
  const nepali = new Set<string>();
  const phrases = new Set<string>();
  const names = [
    ...demoProducts.map((p) => p.brand),
    ...categoryTree.flatMap((c) => [c, ...c.subcategories]).map((c) => c.title),
  ];
  for (const p of demoProducts) {
    const words = wordsOf(p.title).filter((w) => /^[a-z]{3,}$/.test(w));
    for (const w of words) english.add(w);
    for (const w of wordsOf(p.nepaliTitle)) if (!/[0-9०-९]/.test(w)) nepali.add(w);
    for (let i = 0; i + 1 < words.length; i += 1) phrases.add(`${words[i]} ${words[i + 1]}`);
  }
  for (const c of categoryTree.flatMap((t) => [t, ...t.subcategories])) nepali.add(c.nepaliTitle);
  const typed = [...english].flatMap(typos);
  const queries = new Set<string>([
    ...english,
    ...nepali,
    ...ROMANISED,
    ...typed,
    ...phrases,
    ...names.map((n) => n.toLowerCase()),
    // A romanised word with a size or a second English word: common on a phone.
    ...ROMANISED.flatMap((r) => ['1 kg', '500g', 'packet'].map((s) => `${r} ${s}`)),
    ...[...english].map((w) => `${w} ${ROMANISED[Math.floor(next() * ROMANISED.length)]}`),
    ...[...english, ...nepali].map((w) => `${w} ${SIZES[Math.floor(next() * SIZES.length)]}`),
    ...typed.map((w) => `${w} ${[...english][Math.floor(next() * english.size)]}`),
  ]);
  const searches = shuffle([...queries], next).map((q) => {
    const roll = next();
    const filter = roll < 0.25 ? `&${FILTERS[Math.floor(next() * FILTERS.length)]}` : '';
    const page = roll > 0.9 ? '&page=2' : '';
    return `${api}/products?q=${encodeURIComponent(q)}${filter}${page}`;
  });
  // What the search box sends as the shopper types: prefixes of two letters or more.
  const prefixes = new Set<string>();
  for (const q of queries) {
    const letters = [...q];
    for (let n = 2; n <= Math.min(letters.length, 8); n += 1)
      prefixes.add(letters.slice(0, n).join('').trimEnd());
  }
  const suggestions = shuffle(
    [...prefixes].filter((p) => [...p].length >= 2),
    next,
  ).map((q) => `${api}/products/suggest?q=${encodeURIComponent(q)}`);
  return { searches, suggestions };
}
