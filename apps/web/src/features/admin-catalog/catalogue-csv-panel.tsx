import type { ImportApplied, ImportPreview, ImportProblem } from '@pasal/contract/admin-catalogue-csv';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage, httpResponse } from '../../lib/api-client';
import { applyImport, downloadCatalogue, previewImport } from './catalogue-csv-api';

// The products screen's bulk changes (docs/back-office-catalogue.md): download the catalogue as
// CSV; upload a CSV, read its preview (every problem with its line), then apply all of it.

type Stage =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string }
  | { kind: 'previewed'; preview: ImportPreview }
  | { kind: 'applied'; applied: ImportApplied }
  | { kind: 'failed'; message: string; problems?: ImportProblem[] };

function ProblemTable({ problems, total }: { problems: ImportProblem[]; total: number }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="caption-top text-danger fw-semibold">
          {total} problem{total === 1 ? '' : 's'}: fix {total === 1 ? 'it' : 'them'} in the file and preview
          it again
          {problems.length < total ? ` (the first ${problems.length} are shown)` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${p.line}-${p.column}-${p.message}`}>
              <td>{p.line}</td>
              <td>{p.column ?? '—'}</td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChangeTable({ preview }: { preview: ImportPreview }) {
  if (preview.changes.length === 0) return null;
  const listed = preview.created + preview.updated;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle">
        <caption className="caption-top">
          Changes
          {preview.changes.length < listed ? ` (the first ${preview.changes.length} of ${listed})` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Product</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {preview.changes.map((change) => (
            <tr key={change.line}>
              <td>{change.line}</td>
              <td>
                {change.slug}
                <span className="d-block small">{change.action === 'create' ? 'New' : 'Updated'}</span>
              </td>
              <td>
                <ul className="list-unstyled mb-0 small">
                  {change.fields.map((f) => (
                    <li key={f.field}>
                      <span className="fw-semibold">{f.field}</span>:{' '}
                      {f.before === null ? (
                        f.after || '(blank)'
                      ) : (
                        <>
                          {f.before || '(blank)'} → {f.after || '(blank)'}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function problemsOf(error: unknown): ImportProblem[] | undefined {
  const data = httpResponse(error)?.data as { problems?: ImportProblem[] } | undefined;
  return Array.isArray(data?.problems) ? data.problems : undefined;
}

export function CatalogueCsvPanel({ onApplied }: { onApplied(): void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  async function download() {
    setStage({ kind: 'busy', what: 'Preparing the download…' });
    try {
      const { blob, filename } = await downloadCatalogue();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStage({ kind: 'idle' });
    } catch (error) {
      setStage({ kind: 'failed', message: errorMessage(error, 'Could not download the catalogue') });
    }
  }

  async function preview() {
    if (!file) return;
    setStage({ kind: 'busy', what: 'Reading the file…' });
    try {
      setStage({ kind: 'previewed', preview: await previewImport(file) });
    } catch (error) {
      setStage({ kind: 'failed', message: errorMessage(error, 'Could not read the file') });
    }
  }

  async function apply(version: string) {
    if (!file) return;
    setStage({ kind: 'busy', what: 'Applying the import…' });
    try {
      const applied = await applyImport(file, version);
      setStage({ kind: 'applied', applied });
      onApplied();
    } catch (error) {
      setStage({
        kind: 'failed',
        message: errorMessage(error, 'Could not apply the import'),
        problems: problemsOf(error),
      });
    }
  }

  const previewed = stage.kind === 'previewed' ? stage.preview : undefined;
  return (
    <section aria-labelledby="csv-heading" className="border rounded p-3 mb-3">
      <h2 id="csv-heading" className="h5">
        Import and export (CSV)
      </h2>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <Button variant="outline-secondary" onClick={() => void download()} disabled={stage.kind === 'busy'}>
          Download catalogue (CSV)
        </Button>
        <div>
          <label htmlFor={inputId} className="form-label mb-1">
            CSV file to import
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="form-control"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setStage({ kind: 'idle' });
            }}
          />
        </div>
        <Button variant="primary" onClick={() => void preview()} disabled={!file || stage.kind === 'busy'}>
          Preview import
        </Button>
      </div>
      <div aria-live="polite" className="mt-3">
        {stage.kind === 'busy' ? <p>{stage.what}</p> : null}
        {stage.kind === 'applied' ? (
          <p className="text-success-emphasis fw-semibold">
            Imported: {stage.applied.created} created, {stage.applied.updated} updated,{' '}
            {stage.applied.unchanged} unchanged ({stage.applied.stock_movements} stock changes recorded).
          </p>
        ) : null}
        {stage.kind === 'failed' ? (
          <div role="alert">
            <p className="text-danger-emphasis fw-semibold">{stage.message}</p>
            {stage.problems ? <ProblemTable problems={stage.problems} total={stage.problems.length} /> : null}
          </div>
        ) : null}
        {previewed ? (
          <>
            <p>
              {previewed.rows} rows: {previewed.created} new, {previewed.updated} changed,{' '}
              {previewed.unchanged} unchanged.
            </p>
            {previewed.problem_count > 0 ? (
              <ProblemTable problems={previewed.problems} total={previewed.problem_count} />
            ) : null}
            <ChangeTable preview={previewed} />
            {previewed.problem_count === 0 ? (
              <Button
                variant="success"
                onClick={() => void apply(previewed.catalogue_version)}
                disabled={previewed.created + previewed.updated === 0}
              >
                Apply import
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
