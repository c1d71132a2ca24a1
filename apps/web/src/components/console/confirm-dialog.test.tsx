import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('asks, and confirms or keeps; the confirming button waits for what it needs', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        show
        title="Cancel order #7?"
        confirmLabel="Cancel order"
        confirmDisabled
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>The stock goes back.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #7?' });
    expect(dialog).toHaveTextContent('The stock goes back.');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onCancel).toHaveBeenCalledOnce();

    rerender(
      <ConfirmDialog
        show
        title="Cancel order #7?"
        confirmLabel="Cancel order"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(onConfirm).toHaveBeenCalledOnce();

    rerender(
      <ConfirmDialog
        show
        busy
        title="Cancel order #7?"
        confirmLabel="Cancel order"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Working…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeDisabled();
  });
});
