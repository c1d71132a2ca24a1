import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { httpError } from './admin-catalog-fixtures';
import { applyImport, previewImport } from './catalogue-csv-api';
import { CatalogueCsvPanel } from './catalogue-csv-panel';

vi.mock('./catalogue-csv-api', () => ({
  previewImport: vi.fn(),
  applyImport: vi.fn(),
  downloadCatalogue: vi.fn(),
}));
const previewMock = vi.mocked(previewImport);
const applyMock = vi.mocked(applyImport);

const csv = new File(['slug,title\r\n'], 'catalogue.csv', { type: 'text/csv' });
const base = { rows: 2, created: 1, updated: 0, unchanged: 1, catalogue_version: 'a'.repeat(64) };

describe('CatalogueCsvPanel', { timeout: 20_000 }, () => {
  beforeEach(() => {
    previewMock.mockReset();
    applyMock.mockReset();
  });

  it('shows each problem with its line and offers no apply', async () => {
    previewMock.mockResolvedValue({
      ...base,
      problem_count: 1,
      problems: [
        { line: 3, column: 'selling_price', message: 'Selling price cannot be more than the marked price' },
      ],
      changes: [],
    });
    renderPage(<CatalogueCsvPanel onApplied={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('CSV file to import'), csv);
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    const table = await screen.findByRole('table', { name: /1 problem/ });
    expect(table).toHaveTextContent('3selling_priceSelling price cannot be more than the marked price');
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('applies a clean preview with its version; a changed catalogue says to preview again', async () => {
    previewMock.mockResolvedValue({
      ...base,
      problem_count: 0,
      problems: [],
      changes: [
        {
          line: 2,
          slug: 'chiura',
          action: 'create',
          fields: [{ field: 'title', before: null, after: 'Chiura' }],
        },
      ],
    });
    applyMock.mockRejectedValueOnce(httpError(409, { message: 'The catalogue changed since the preview.' }));
    const onApplied = vi.fn();
    renderPage(<CatalogueCsvPanel onApplied={onApplied} />);
    await userEvent.upload(screen.getByLabelText('CSV file to import'), csv);
    await userEvent.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(await screen.findByRole('table', { name: 'Changes' })).toHaveTextContent('title: Chiura');
    await userEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The catalogue changed since the preview.');
    expect(applyMock).toHaveBeenCalledWith(csv, 'a'.repeat(64));
    expect(onApplied).not.toHaveBeenCalled();
  });
});
