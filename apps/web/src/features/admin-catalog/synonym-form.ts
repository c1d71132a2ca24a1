import {
  type AdminSynonym,
  type AdminSynonymCreate,
  type AdminSynonymUpdate,
  adminSynonymCreate,
} from '@pasal/contract/admin-search-synonyms';
import type { FieldSpec } from '../../components/console/form-fields';
import { checkBody, type FieldErrors } from '../../components/console/form-values';

export interface SynonymFormValues {
  /** The words as staff type them: separated by commas or spaces. */
  words: string;
}

export const SYNONYM_LABELS: Record<string, string> = { words: 'Words' };

export const SYNONYM_FIELDS: readonly FieldSpec<SynonymFormValues>[] = [
  {
    name: 'words',
    label: 'Words',
    required: true,
    hint: 'Words search treats as the same, separated by commas, e.g. curd, dahi',
  },
];

export const synonymToForm = (s: AdminSynonym | undefined): SynonymFormValues => ({
  words: s ? s.words.join(', ') : '',
});

const wordsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

type Checked =
  | { ok: true; body: AdminSynonymCreate | AdminSynonymUpdate | { version: number } }
  | { ok: false; errors: FieldErrors };

/** A new group's words; an edit sends the whole group with its version (only the version: nothing changed). */
export function synonymBody(values: SynonymFormValues, synonym: AdminSynonym | undefined): Checked {
  const checked = checkBody(adminSynonymCreate, { words: wordsOf(values.words) });
  if (!checked.ok) return checked;
  if (!synonym) return { ok: true, body: checked.data };
  if (checked.data.words.join(' ') === synonym.words.join(' '))
    return { ok: true, body: { version: synonym.version } };
  return { ok: true, body: { words: checked.data.words, version: synonym.version } };
}
