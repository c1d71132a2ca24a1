import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterInput, FilterSelect, ListSearch } from './list-search';

describe('ListSearch', () => {
  it('bar: a search landmark sends the trimmed text; the filters sit beside it, outside the form', {
    timeout: 20_000,
  }, async () => {
    const onSearch = vi.fn();
    const onState = vi.fn();
    render(
      <ListSearch
        name="Vouchers"
        search={{ value: '', onChange: onSearch, label: 'Search vouchers by code', placeholder: 'Code' }}
      >
        <FilterSelect label="State" value="" options={['live', 'used_up']} onChange={onState} />
      </ListSearch>,
    );
    const form = screen.getByRole('search', { name: 'Vouchers' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search vouchers by code' }), '  WELCOME ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('WELCOME');

    const state = screen.getByRole('combobox', { name: 'State' });
    expect(form).not.toContainElement(state);
    await userEvent.selectOptions(state, 'used_up');
    expect(onState).toHaveBeenCalledWith('used_up');
  });

  it('grid: one named form; Enter in a filter searches; Clear empties the box and resets', {
    timeout: 20_000,
  }, async () => {
    const onSearch = vi.fn();
    const onClear = vi.fn();
    const { rerender } = render(
      <ListSearch
        layout="grid"
        name="Find orders"
        search={{ value: 'old', onChange: onSearch, label: 'Search', placeholder: 'Order id' }}
        onClear={onClear}
      >
        <FilterInput label="Record id" inputMode="numeric" value="" onChange={() => {}} />
      </ListSearch>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(screen.getByRole('form', { name: 'Find orders' })).toContainElement(box);
    expect(box).toHaveValue('old');
    await userEvent.clear(box);
    await userEvent.type(box, '42');
    await userEvent.type(screen.getByRole('textbox', { name: 'Record id' }), '{Enter}');
    expect(onSearch).toHaveBeenCalledWith('42');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box).toHaveValue('');
    expect(onClear).toHaveBeenCalledOnce();

    // The address changed (Back): the box follows it.
    rerender(
      <ListSearch
        layout="grid"
        name="Find orders"
        search={{ value: '7', onChange: onSearch, label: 'Search', placeholder: 'Order id' }}
        onClear={onClear}
      />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('7');
  });

  it('grid without a search: the filters alone, no form', () => {
    render(
      <ListSearch layout="grid">
        <FilterSelect
          label="Action"
          value=""
          options={['price_changed']}
          optionText={(a) => a.replace('_', ' ')}
          onChange={() => {}}
        />
      </ListSearch>,
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('option', { name: 'price changed' })).toHaveValue('price_changed');
    expect(screen.getByRole('option', { name: 'Any' })).toHaveValue('');
  });
});
