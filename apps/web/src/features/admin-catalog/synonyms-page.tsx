import type { AdminSynonym } from '@pasal/contract/admin-search-synonyms';
import { ConsoleScreen } from '../../components/console/console-screen';
import { type Column, DataTable } from '../../components/console/data-table';
import { FormFields } from '../../components/console/form-fields';
import { useOrderedList } from '../../components/console/ordered-list';
import { actionsColumn, DeleteDialog, ResourceForm } from '../../components/console/resource-dialogs';
import { useConsoleResource } from '../../components/console/use-console-resource';
import { errorMessage } from '../../lib/api-client';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './admin-catalog-api';
import { SYNONYM_FIELDS, SYNONYM_LABELS, synonymBody, synonymToForm } from './synonym-form';

const wordsText = (s: AdminSynonym) => s.words.join(' = ');

/** /admin/search-synonyms: groups of words search treats as the same ("curd" = "dahi"; decision 040). */
export function SynonymsPage() {
  const list = useOrderedList((signal) => listSynonyms(signal));
  const synonyms = useConsoleResource({
    noun: 'Synonym group',
    name: wordsText,
    toForm: synonymToForm,
    toBody: synonymBody,
    save: async (body, synonym) =>
      (synonym ? await updateSynonym(synonym.id, body as never) : await createSynonym(body as never)).synonym,
    refresh: list.refresh,
    remove: (synonym) => deleteSynonym(synonym.id, synonym.version),
    failed: 'Could not delete the synonym group',
  });
  const { form } = synonyms;

  const columns: Column<AdminSynonym>[] = [
    { key: 'words', header: 'Words', render: wordsText },
    actionsColumn(synonyms),
  ];

  return (
    <ConsoleScreen
      heading="Search synonyms"
      headingId="synonyms-heading"
      newLabel="New synonym group"
      onNew={() => form.start()}
    >
      <p className="text-body-secondary">
        A search for any word of a group also finds the others, e.g. curd finds dahi.
      </p>
      {list.error ? (
        <p role="alert" className="text-danger">
          {errorMessage(list.error, 'Could not load the synonyms')}
        </p>
      ) : null}
      <p aria-live="polite" className="small text-body-secondary">
        {list.loading ? 'Loading…' : `${list.items.length} synonym groups`}
      </p>
      <DataTable
        caption="Search synonyms"
        columns={columns}
        rows={list.items}
        rowKey={(row) => row.id}
        loading={list.loading}
        empty="No synonyms yet."
      />
      <ResourceForm
        resource={synonyms}
        labels={SYNONYM_LABELS}
        compareAs={(s) => ({ words: s.words.join(', ') })}
      >
        <FormFields fields={SYNONYM_FIELDS} form={form} />
      </ResourceForm>
      <DeleteDialog resource={synonyms}>
        Search stops treating these words as the same. This cannot be undone.
      </DeleteDialog>
    </ConsoleScreen>
  );
}
