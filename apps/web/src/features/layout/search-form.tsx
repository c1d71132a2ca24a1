import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

export function SearchForm() {
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('query') ?? '');
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    // A blank or whitespace-only query does nothing.
    if (!query) return;
    navigate(`/search?query=${encodeURIComponent(query)}`);
  };

  return (
    <search className="d-flex flex-grow-1">
      <form className="d-flex flex-grow-1 header-search" onSubmit={submit}>
        <label htmlFor="site-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="site-search"
          type="search"
          className="form-control rounded-end-0"
          placeholder="Search for products, brands and more"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-success rounded-start-0">
          Search
        </button>
      </form>
    </search>
  );
}
