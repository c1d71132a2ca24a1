/**
 * The planner's cost of reading a page out of order (decision 081). The shop's data is read from
 * memory (the buffer cache or the operating system's page cache), where that costs about what a
 * page in order does; PostgreSQL's default of 4 is for spinning disks. With it, a search whose
 * typo candidates match a few thousand of 50,000 products ("ghain") scanned every product's word
 * arrays (350 ms) instead of using the word indexes (11 ms). 1.1 is the usual value for SSDs.
 */
export const RANDOM_PAGE_COST = '1.1';
