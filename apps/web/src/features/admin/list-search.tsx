import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface SearchBox {
  /** The list's query as the address holds it; the box follows it (Back, a shared link). */
  value: string;
  /** Called when the form is sent, with the box's text trimmed. */
  onChange(query: string): void;
  /** The box's name: its visible label in the grid, its aria-label in the bar. */
  label: string;
  placeholder: string;
}

interface ListSearchProps {
  /** Names the search form. */
  name?: string;
  search?: SearchBox;
  /**
   * `bar` (the catalogue lists): a search landmark with the filters beside it (a search alone
   * takes the whole row). `grid` (orders, customers, audit): small labelled controls in the
   * console's filter grid; with a search they are one form, so Enter in any of them searches.
   * Without a search: the grid of filters alone.
   */
  layout?: 'bar' | 'grid';
  /** The grid's Clear button: empties the box, then this resets the filters. */
  onClear?(): void;
  /** The filters. */
  children?: ReactNode;
}

/** The search form and filter row at the top of a console list. */
export function ListSearch({ name, search, layout = 'bar', onClear, children }: ListSearchProps) {
  const query = search?.value ?? '';
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search?.onChange(text.trim());
  };

  if (!search) return <div className="admin-filters mb-3">{children}</div>;

  if (layout === 'grid')
    return (
      <form onSubmit={submit} className="admin-filters mb-3" aria-label={name}>
        <Filter label={search.label}>
          {(id) => (
            <input
              id={id}
              type="search"
              className="form-control form-control-sm"
              placeholder={search.placeholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Filter>
        {children}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-success">
            Search
          </button>
          {onClear && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                setText('');
                onClear();
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>
    );

  const form = (
    <Form
      role="search"
      aria-label={name}
      className={children ? 'd-flex gap-2' : 'd-flex gap-2 mb-3'}
      onSubmit={submit}
    >
      <Form.Control
        type="search"
        aria-label={search.label}
        placeholder={search.placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="outline-success">
        Search
      </Button>
    </Form>
  );
  return children ? (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
      {form}
      {children}
    </div>
  ) : (
    form
  );
}

interface FilterProps {
  label: string;
  value: string;
  onChange(value: string): void;
}

/** A grid filter's small label over its control (given the id the label points at). */
function Filter({ label, children }: { label: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="form-label small">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A grid filter choosing one of `options`, or "Any". */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  optionText = (option) => option,
}: FilterProps & { options: readonly string[]; optionText?(option: string): string }) {
  return (
    <Filter label={label}>
      {(id) => (
        <select
          id={id}
          className="form-select form-select-sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Any</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionText(option)}
            </option>
          ))}
        </select>
      )}
    </Filter>
  );
}

/** A grid filter typed in: a date, or a number. */
export function FilterInput({
  label,
  value,
  onChange,
  type,
  inputMode,
}: FilterProps & { type?: 'date' | 'time'; inputMode?: 'numeric' }) {
  return (
    <Filter label={label}>
      {(id) => (
        <input
          id={id}
          type={type}
          inputMode={inputMode}
          className="form-control form-control-sm"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Filter>
  );
}
