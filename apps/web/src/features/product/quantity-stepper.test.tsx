import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clampQuantity, QuantityStepper } from './quantity-stepper';

function Harness({ stock, onLimit }: { stock: number; onLimit?: (n: number) => void }) {
  const [value, setValue] = useState(1);
  return <QuantityStepper value={value} stock={stock} onChange={setValue} onLimit={onLimit} />;
}

describe('quantity clamping', () => {
  it('keeps the quantity between 1 and the stock', () => {
    expect(clampQuantity(5, 3)).toBe(3);
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity(4, 0)).toBe(1);
  });

  it('stops plus at the stock, warns, and minus does nothing at 1', async () => {
    const onLimit = vi.fn();
    render(<Harness stock={3} onLimit={onLimit} />);
    const value = screen.getByRole('status', { name: 'Quantity' });
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(value).toHaveTextContent('1');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(value).toHaveTextContent('3');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus);
    expect(value).toHaveTextContent('3');
    expect(onLimit).toHaveBeenCalledWith(3);
    expect(screen.getByText('Only 3 items available in stock')).toBeInTheDocument();
  });

  it('keeps focus on plus when the keyboard takes it up to the stock', async () => {
    const onLimit = vi.fn();
    render(<Harness stock={3} onLimit={onLimit} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    plus.focus();
    await userEvent.keyboard('{Enter}{Enter}{Enter} ');
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    expect(plus).toHaveFocus();
    expect(onLimit).toHaveBeenCalledTimes(1);
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    expect(plus).not.toHaveAttribute('aria-disabled');
  });
});
