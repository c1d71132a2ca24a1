import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './row-actions';

describe('RowActions', () => {
  it('moves, edits and deletes the named row; the ends cannot move further; extra actions sit before Delete', {
    timeout: 20_000,
  }, async () => {
    const onMove = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { rerender } = render(
      <RowActions name="Rice" move={{ first: true, last: false, onMove }} onEdit={onEdit} onDelete={onDelete}>
        <button type="button">Picture</button>
      </RowActions>,
    );
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Move Rice up',
      'Move Rice down',
      'Edit Rice',
      'Picture',
      'Delete Rice',
    ]);
    expect(screen.getByRole('button', { name: 'Move Rice up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Rice down' }));
    expect(onMove).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Rice' }));
    expect(onEdit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Rice' }));
    expect(onDelete).toHaveBeenCalledOnce();

    // While a change runs, nothing moves or is deleted; editing stays open.
    rerender(
      <RowActions
        name="Rice"
        busy
        move={{ first: false, last: true, onMove }}
        onEdit={onEdit}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('button', { name: 'Move Rice up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Rice down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Rice' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit Rice' })).toBeEnabled();
  });

  it('without move or delete: Edit alone', () => {
    render(<RowActions nowrap name="Koteshwor" onEdit={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Edit Koteshwor' })).toHaveTextContent('Edit');
  });
});
