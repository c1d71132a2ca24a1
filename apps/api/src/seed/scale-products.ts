import type { ProductSeed } from './catalogue-types';

// Plausible extra products for a large catalogue (`npm run seed -- --products 50000`): each is a
// variant of a hand-written demo product (same subcategory and pictures) with its own edition,
// pack size and count, price and stock. Deterministic: sequence number n always gives the same product.

export interface ScaleProduct {
  slug: string;
  title: string;
  nepaliTitle: string;
  brand: string;
  unit: string;
  description: string;
  shortDescription: string;
  /** Rupees, whole. */
  markedPrice: number;
  sellingPrice: number;
  stock: number;
  isOrganic: boolean;
  isTodaySpecial: boolean;
  isNewArrival: boolean;
  /** Index of the demo product it varies (its subcategory and pictures). */
  templateIndex: number;
  /** Days before the seed's "now" it was listed. */
  ageDays: number;
  /** A running flash sale's price in whole rupees, for a few in-stock products. */
  flashSalePrice: number | null;
}

const EDITIONS: [en: string, ne: string][] = [
  ['Premium', 'प्रिमियम'],
  ['Classic', 'क्लासिक'],
  ['Fresh', 'फ्रेस'],
  ['Select', 'सेलेक्ट'],
  ['Gold', 'गोल्ड'],
  ['Everyday', 'एभरिडे'],
  ['Family', 'फ्यामिली'],
  ['Special', 'स्पेसल'],
  ['Super', 'सुपर'],
  ['Natural', 'नेचुरल'],
  ['Royal', 'रोयल'],
  ['Himalayan', 'हिमालयन'],
  ['Pure', 'शुद्ध'],
  ['Value', 'भ्यालु'],
  ['Organic', 'अर्गानिक'],
  ['Deluxe', 'डिलक्स'],
  ['Original', 'ओरिजिनल'],
  ['Choice', 'छनोट'],
  ['Home', 'होम'],
  ['Daily', 'डेली'],
];
// Shoppers pay a little more for some editions than others (percent of the plain price).
const EDITION_PRICE = [
  125, 100, 105, 110, 130, 95, 98, 115, 108, 112, 135, 118, 120, 88, 140, 132, 102, 104, 97, 96,
];
// Organic applies to food only; on soap and detergent the same slot reads Herbal.
const HERBAL: [string, string] = ['Herbal', 'हर्बल'];
const NON_FOOD = /soap|hair|oral|skin|laundry|dishwash|cleaner|home-essentials|diaper|baby-bath/;

type Measure = 'g' | 'ml';
const LADDERS: Record<Measure, number[]> = {
  g: [50, 100, 200, 250, 400, 500, 1000, 2000, 5000, 10000, 25000],
  ml: [100, 200, 250, 500, 750, 1000, 1500, 2000, 5000],
};
const SIZES_PER_PRODUCT = 8;
const PACKS = [1, 2, 3, 6, 12];
// Loose items (a bunch, a tray, a broom) vary by how many come together instead of by size.
const LOOSE_PACKS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 36];

const EN_SIZE = /\s+(\d+(?:\.\d+)?)\s?(g|kg|ml|L)$/;
const NE_SIZE = /\s+[०-९.]+\s?(ग्राम|केजी|मिलि|लिटर)$/;
const NEPALI_DIGITS = '०१२३४५६७८९';

export function nepaliNumber(value: number | string): string {
  return String(value).replace(/\d/g, (d) => NEPALI_DIGITS[Number(d)]);
}

/** A small, fast, seedable PRNG (mulberry32): the same n gives the same product on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Template {
  seed: ProductSeed;
  index: number;
  baseEn: string;
  baseNe: string;
  /** Size in grams or millilitres, when the title ends with one. */
  size?: { amount: number; measure: Measure };
  sizes: number[];
}

function formatSize(amount: number, measure: Measure): { en: string; ne: string } {
  if (measure === 'g') {
    return amount >= 1000
      ? { en: `${amount / 1000} kg`, ne: `${nepaliNumber(amount / 1000)} केजी` }
      : { en: `${amount} g`, ne: `${nepaliNumber(amount)} ग्राम` };
  }
  return amount >= 1000
    ? { en: `${amount / 1000} L`, ne: `${nepaliNumber(amount / 1000)} लिटर` }
    : { en: `${amount} ml`, ne: `${nepaliNumber(amount)} मिलि` };
}

/** The eight ladder sizes nearest (on a log scale) to the demo product's own size. */
function nearbySizes(amount: number, measure: Measure): number[] {
  return [...LADDERS[measure]]
    .sort((a, b) => Math.abs(Math.log(a / amount)) - Math.abs(Math.log(b / amount)))
    .slice(0, SIZES_PER_PRODUCT)
    .sort((a, b) => a - b);
}

export function buildTemplates(demo: ProductSeed[]): Template[] {
  return demo.map((seed, index) => {
    const en = seed.title.match(EN_SIZE);
    const ne = seed.nepaliTitle.match(NE_SIZE);
    if (!en || !ne) return { seed, index, baseEn: seed.title, baseNe: seed.nepaliTitle, sizes: [] };
    const value = Number(en[1]);
    const unit = en[2];
    const size =
      unit === 'kg' || unit === 'g'
        ? { amount: unit === 'kg' ? value * 1000 : value, measure: 'g' as const }
        : { amount: unit === 'L' ? value * 1000 : value, measure: 'ml' as const };
    return {
      seed,
      index,
      baseEn: seed.title.slice(0, en.index),
      baseNe: seed.nepaliTitle.slice(0, ne.index),
      size,
      sizes: nearbySizes(size.amount, size.measure),
    };
  });
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function wholeRupees(value: number): number {
  return Math.max(5, Math.round(value));
}

/** The n-th generated product (n counts from 1); templates from buildTemplates. */
export function scaleProduct(n: number, templates: Template[]): ScaleProduct {
  const template = templates[n % templates.length];
  const { seed } = template;
  const rand = random(n * 2_654_435_761);
  // Walk each template's variants in a scrambled but collision-free order.
  const variant = Math.floor(n / templates.length);
  const sizeCount = Math.max(1, template.sizes.length);
  const packs = template.size ? PACKS : LOOSE_PACKS;
  const variants = EDITIONS.length * sizeCount * packs.length;
  const v = (variant * 7919) % variants;
  const editionIndex = v % EDITIONS.length;
  const sizeIndex = Math.floor(v / EDITIONS.length) % sizeCount;
  const pack = packs[Math.floor(v / (EDITIONS.length * sizeCount)) % packs.length];

  const nonFood = NON_FOOD.test(seed.categorySlug);
  const isOrganicEdition = EDITIONS[editionIndex][0] === 'Organic';
  const [editionEn, editionNe] = isOrganicEdition && nonFood ? HERBAL : EDITIONS[editionIndex];

  let sizeEn = '';
  let sizeNe = '';
  let priceFactor = EDITION_PRICE[editionIndex] / 100;
  let unit = seed.unit;
  if (template.size) {
    const amount = template.sizes[sizeIndex];
    ({ en: sizeEn, ne: sizeNe } = formatSize(amount, template.size.measure));
    // Bigger packs cost less per gram, as in any shop.
    priceFactor *= (amount / template.size.amount) ** 0.9;
    unit = sizeEn;
  }
  const packEn = pack > 1 ? (template.size ? ` (Pack of ${pack})` : `, Pack of ${pack}`) : '';
  const packNe = pack > 1 ? ` (${nepaliNumber(pack)} प्याक)` : '';
  if (pack > 1) {
    priceFactor *= pack * 0.96;
    unit = `${pack} × ${unit}`;
  }

  const title = `${template.baseEn} ${editionEn}${sizeEn ? ` ${sizeEn}` : ''}${packEn}`;
  const nepaliTitle = `${template.baseNe} ${editionNe}${sizeNe ? ` ${sizeNe}` : ''}${packNe}`;
  const sellingPrice = wholeRupees(seed.sellingPrice * priceFactor * (0.95 + rand() * 0.1));
  const discounted = rand() < 0.45;
  const markedPrice = discounted ? Math.ceil(sellingPrice * (1.03 + rand() * 0.17)) : sellingPrice;
  const soldOut = rand() < 0.06;
  const stock = soldOut ? 0 : 1 + Math.floor(rand() ** 2 * 240);
  const flash = !soldOut && rand() < 0.004;
  const packText = pack > 1 ? `, ${pack} to a pack` : '';
  return {
    slug: `${slugify(title)}-${n}`,
    title,
    nepaliTitle,
    brand: seed.brand,
    unit,
    // The demo product's opening sentence, then what sets this one apart.
    description: `${firstSentence(seed.description)} This is the ${editionEn.toLowerCase()} edition${sizeEn ? `, ${sizeEn}` : ''}${packText}, from ${seed.brand}.`,
    shortDescription: `${editionEn} ${template.baseEn}${sizeEn ? `, ${sizeEn}` : ''}${packText}.`,
    markedPrice,
    sellingPrice,
    stock,
    isOrganic: (isOrganicEdition && !nonFood) || Boolean(seed.organic),
    isTodaySpecial: rand() < 0.002,
    isNewArrival: rand() < 0.002,
    templateIndex: template.index,
    ageDays: Math.floor(rand() * 365),
    flashSalePrice: flash && sellingPrice > 20 ? Math.floor(sellingPrice * (0.8 + rand() * 0.1)) : null,
  };
}
