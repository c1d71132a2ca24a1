import { adminCustomerDisable } from '@pasal/contract/admin-customers';
import { adminOrderTransition } from '@pasal/contract/admin-orders';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField, zodFieldErrors } from './form-field';

describe('zodFieldErrors', () => {
  it('gives the contract’s messages keyed by field, like the API’s 400', () => {
    expect(zodFieldErrors(adminOrderTransition, { status: 'Cancelled', from: 'Packed' })).toEqual({
      reason: ['A reason is required to cancel an order.'],
    });
    expect(zodFieldErrors(adminOrderTransition, { status: 'Packed', from: 'Order Processing' })).toEqual({});
    expect(zodFieldErrors(adminCustomerDisable, { reason: 'x'.repeat(501) })).toEqual({
      reason: ['Reason must be at most 500 characters'],
    });
  });
});

describe('FormField', () => {
  it('labels its control and ties the first message and the hint to it', () => {
    render(
      <FormField label="Reason" hint="The customer sees it" errors={['Reason is required', 'Another']}>
        {(props) => <input {...props} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Reason');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('form-control', 'is-invalid');
    expect(input).toHaveAccessibleDescription('The customer sees it Reason is required');
    expect(screen.queryByText('Another')).toBeNull();
  });

  it('is plain when the value is valid', () => {
    render(<FormField label="Title">{(props) => <input {...props} />}</FormField>);
    const input = screen.getByLabelText('Title');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
