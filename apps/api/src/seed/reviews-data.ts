// Demo reviewers and a deterministic review generator, so every seed gives the same reviews.

export interface ReviewerSeed {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  phone: string;
}

const names: [string, string, string][] = [
  ['Sita', '', 'Sharma'],
  ['Ram', 'Bahadur', 'Thapa'],
  ['Anjali', '', 'Shrestha'],
  ['Bikash', '', 'Gurung'],
  ['Pooja', 'Kumari', 'Adhikari'],
  ['Suman', '', 'Maharjan'],
  ['Nirmala', '', 'Rai'],
  ['Prakash', 'Raj', 'Pandey'],
  ['Sarita', '', 'Tamang'],
  ['Dipesh', '', 'Karki'],
  ['Kabita', 'Devi', 'Poudel'],
  ['Rajesh', '', 'Magar'],
  ['Sunita', '', 'Bhandari'],
  ['Aashish', '', 'Limbu'],
  ['Manisha', '', 'Joshi'],
];

export const demoReviewers: ReviewerSeed[] = names.map(([firstName, middleName, lastName], i) => ({
  firstName,
  middleName,
  lastName,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  phone: `98410${String(23451 + i * 1117).padStart(5, '0')}`,
}));

const texts: Record<number, string[]> = {
  5: [
    'Exactly what I wanted. Will order again.',
    'Fresh and well packed. Delivery was on time too.',
    'Good quality for the price. My family liked it.',
    'Same as what I buy at the local pasal, but delivered to the door.',
    'Very happy with this. Better than I expected.',
    'Always reliable. I keep this in stock at home.',
    'Genuine product and the expiry date was far away.',
    'Arrived the same day in Baneshwor. Excellent.',
  ],
  4: [
    'Good product, slightly pricey but worth it.',
    'Nice quality. The packaging could be a little better.',
    'Pretty good. Delivery took a bit longer than promised.',
    'Does the job well. Would buy again at this price.',
    'Good, but the pack was smaller than I thought.',
    'Fresh and tasty. One item was a bit bruised.',
    'Decent value. My mother approved.',
  ],
  3: [
    'Okay for the price, nothing special.',
    'Average. I have had better from other brands.',
    'It is fine, but the delivery box was damaged.',
    'Quality was not as consistent as last time.',
  ],
  2: [
    'Not very fresh this time. Hope the next order is better.',
    'The pack was dented and the price went up.',
  ],
  1: ['Received the wrong size. Customer care sorted it out, but it took days.', 'Did not like it at all.'],
};

// A small seeded PRNG (mulberry32): deterministic, so tests and screenshots stay stable.
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

// Fisher–Yates: distinct reviewers per product, so (product, user) stays unique.
function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function pickRating(r: number): number {
  if (r < 0.04) return 1;
  if (r < 0.1) return 2;
  if (r < 0.28) return 3;
  if (r < 0.63) return 4;
  return 5;
}

export interface ReviewSeed {
  productSlug: string;
  reviewerIndex: number;
  rating: number;
  review: string;
  daysAgo: number;
}

/** Two or three reviews on every third product, each by a different reviewer. */
export function buildDemoReviews(productSlugs: string[]): ReviewSeed[] {
  const next = random(20260101);
  const reviews: ReviewSeed[] = [];
  productSlugs.forEach((productSlug, index) => {
    if (index % 3 !== 0) return;
    const count = 2 + Math.floor(next() * 2);
    const reviewers = shuffle(
      demoReviewers.map((_, i) => i),
      next,
    );
    for (const reviewerIndex of reviewers.slice(0, count)) {
      const rating = pickRating(next());
      const pool = texts[rating];
      reviews.push({
        productSlug,
        reviewerIndex,
        rating,
        review: pool[Math.floor(next() * pool.length)],
        daysAgo: 1 + Math.floor(next() * 120),
      });
    }
  });
  return reviews;
}
