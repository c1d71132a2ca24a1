import { Link } from 'react-router';
import { localName, otherName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { useRequest } from '../../lib/use-request';
import { fetchAllCategories, fetchSuggestions } from '../catalogue/catalogue-api';

/** Instead of an empty page: the closest spellings the catalogue knows, and the categories. */
export function NoResultHelp({ term }: { term: string }) {
  const { t } = useTranslation();
  const help = useRequest(
    async (signal) => {
      const [suggestions, categories] = await Promise.all([
        fetchSuggestions(term, { signal }),
        fetchAllCategories({ signal }),
      ]);
      return { spellings: suggestions.spellings, categories };
    },
    [term],
  );
  if (!help.data) return null;
  const { spellings, categories } = help.data;
  return (
    <div className="mb-4">
      {spellings.length > 0 && (
        <p className="text-center">
          {t('Did you mean')}{' '}
          {spellings.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <Link to={`/search?query=${encodeURIComponent(s)}`}>{s}</Link>
            </span>
          ))}
          ?
        </p>
      )}
      {categories.length > 0 && (
        <nav aria-labelledby="browse-categories-heading">
          <h2 id="browse-categories-heading" className="h6">
            {t('Browse the categories')}
          </h2>
          <ul className="list-inline">
            {categories.map((c) => (
              <li key={c.id} className="list-inline-item mb-2">
                <Link
                  className="btn btn-outline-success btn-sm"
                  to={`/viewallca/${c.id}`}
                  state={{ categoryTitle: localName(c.title, c.nepali_title).text }}
                >
                  <span lang={localName(c.title, c.nepali_title).lang}>
                    {localName(c.title, c.nepali_title).text}
                  </span>{' '}
                  <span lang={otherName(c.title, c.nepali_title)?.lang}>
                    {otherName(c.title, c.nepali_title)?.text}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
