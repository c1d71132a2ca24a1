import { SYNONYM_WORDS_RULE } from '@pasal/contract/admin-search-synonyms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { consoleServer, type SentRequest } from '../admin/orders/admin-orders-test-server';
import { SynonymsPage } from './synonyms-page';

const curd = { id: 3, words: ['curd', 'dahi'], version: 2 };
const chilli = { id: 5, words: ['chilli', 'khursani'], version: 1 };

let server: ReturnType<typeof consoleServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

/** The synonym API as the console sees it: the list, and each change answered as the server would. */
function synonymServer(change: (request: SentRequest) => { status: number; body: unknown }) {
  server = consoleServer((request) =>
    request.method === 'get' ? { status: 200, body: { results: [curd, chilli] } } : change(request),
  );
  return server;
}

const changes = () => server?.sent.filter((r) => r.method !== 'get') ?? [];

// Typing in dialogs takes a few seconds on a busy machine.
describe('SynonymsPage', { timeout: 20_000 }, () => {
  it('lists each group as its words', async () => {
    synonymServer(() => ({ status: 500, body: {} }));
    renderPage(<SynonymsPage />);
    const table = await screen.findByRole('table', { name: 'Search synonyms' });
    expect(await within(table).findByText('curd = dahi')).toBeVisible();
    expect(within(table).getByText('chilli = khursani')).toBeVisible();
    expect(screen.getByText('2 synonym groups')).toBeVisible();
    expect(document.title).toBe('Search synonyms | Console | Pasal');
  });

  it('creates a group from words typed with commas and spaces, lower-cased', async () => {
    synonymServer(() => ({
      status: 201,
      body: { synonym: { id: 9, words: ['aalu', 'potato'], version: 1 } },
    }));
    renderPage(<SynonymsPage />);
    await screen.findByText('curd = dahi');
    await userEvent.click(screen.getByRole('button', { name: 'New synonym group' }));
    const dialog = screen.getByRole('dialog', { name: 'New synonym group' });
    await userEvent.type(within(dialog).getByLabelText('Words'), 'Aalu,  potato ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create synonym group' }));
    expect(await screen.findByText('Synonym group created')).toBeVisible();
    expect(changes()).toEqual([
      { method: 'post', url: '/search-synonyms/', body: { words: ['aalu', 'potato'] } },
    ]);
  });

  it('refuses a group of one word beside the field and sends nothing', async () => {
    synonymServer(() => ({ status: 500, body: {} }));
    renderPage(<SynonymsPage />);
    await screen.findByText('curd = dahi');
    await userEvent.click(screen.getByRole('button', { name: 'New synonym group' }));
    const dialog = screen.getByRole('dialog', { name: 'New synonym group' });
    await userEvent.type(within(dialog).getByLabelText('Words'), 'curd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create synonym group' }));
    expect(within(dialog).getByLabelText('Words')).toHaveAccessibleDescription(
      expect.stringContaining(SYNONYM_WORDS_RULE),
    );
    expect(changes()).toEqual([]);
  });

  it('saves an edit with the version read, and shows the other change after a 409', async () => {
    const theirs = { ...curd, words: ['curd', 'dahi', 'yoghurt'], version: 3 };
    synonymServer(() => ({
      status: 409,
      body: { message: 'Someone else changed this first', current: theirs },
    }));
    renderPage(<SynonymsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit curd = dahi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit curd = dahi' });
    const words = within(dialog).getByLabelText('Words');
    expect(words).toHaveValue('curd, dahi');
    await userEvent.type(words, ', doi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('curd, dahi, yoghurt')).toBeVisible();
    expect(changes()).toEqual([
      { method: 'put', url: '/search-synonyms/3/', body: { words: ['curd', 'dahi', 'doi'], version: 2 } },
    ]);
  });

  it('deletes a group once confirmed, from the version read', async () => {
    const sent = synonymServer(() => ({ status: 200, body: { message: 'Synonym group deleted.', id: 5 } }));
    renderPage(<SynonymsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete chilli = khursani' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete chilli = khursani?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete synonym group' }));
    expect(await screen.findByText('Synonym group deleted')).toBeVisible();
    await waitFor(() =>
      expect(changes()).toEqual([{ method: 'delete', url: '/search-synonyms/5/', body: undefined }]),
    );
    expect(sent.sent.filter((r) => r.method === 'get').length).toBeGreaterThanOrEqual(2);
  });
});
