/**
 * English texts that differ from their key: the key is the English text itself (decision 043),
 * so only plural forms live here. i18next picks `_one` / `_other` by Intl.PluralRules.
 */
export const en: Readonly<Record<string, string>> = {
  '{{count, n}} suggestions_one': '{{count, n}} suggestion',
  '{{count, n}} suggestions_other': '{{count, n}} suggestions',
  'and {{count, n}} more items_one': 'and {{count, n}} more item',
  'and {{count, n}} more items_other': 'and {{count, n}} more items',
  'Rated {{rating, n}} out of 5 by {{count, n}} shoppers_one':
    'Rated {{rating, n}} out of 5 by {{count, n}} shopper',
  'Rated {{rating, n}} out of 5 by {{count, n}} shoppers_other':
    'Rated {{rating, n}} out of 5 by {{count, n}} shoppers',
  '{{count, n}} stars_one': '{{count, n}} star',
  '{{count, n}} stars_other': '{{count, n}} stars',
  '{{count, n}} items_one': '{{count, n}} item',
  '{{count, n}} items_other': '{{count, n}} items',
};
