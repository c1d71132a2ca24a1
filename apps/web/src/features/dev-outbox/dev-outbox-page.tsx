import type { OutboxMessage, OutboxSmsTotals } from '@pasal/contract/messaging';
import axios from 'axios';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// Outside /api/ecommerce: the outbox is a development aid, not part of the shop's API.
async function fetchOutbox(
  to: string,
  signal: AbortSignal,
): Promise<{ messages: OutboxMessage[]; totals: OutboxSmsTotals | null }> {
  const res = await axios.get<{ results?: OutboxMessage[]; totals?: OutboxSmsTotals }>('/api/dev/outbox', {
    params: to ? { to } : {},
    signal,
  });
  return { messages: res.data?.results ?? [], totals: res.data?.totals ?? null };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** queued / sent / failed, with the provider's tries once there were any (the sweeper retries). */
function deliveryOf(m: OutboxMessage): string {
  const status = m.status ?? 'sent';
  const label = status === 'sent' ? 'Sent' : status === 'failed' ? 'Failed' : 'Queued';
  const tries = m.attempts ? `, ${plural(m.attempts, 'attempt', 'attempts')}` : '';
  return `${label}${tries}`;
}

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** /dev/outbox: the messages (OTPs, order updates) the shop would have sent by SMS or e-mail, newest first. */
export function DevOutboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const [messages, setMessages] = useState<OutboxMessage[] | null>(null);
  const [totals, setTotals] = useState<OutboxSmsTotals | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a refresh
  useEffect(() => {
    const controller = new AbortController();
    setMessages(null);
    setTotals(null);
    setError('');
    const shown = (answer: { messages: OutboxMessage[]; totals: OutboxSmsTotals | null }) => {
      setMessages(answer.messages);
      setTotals(answer.totals);
    };
    fetchOutbox(to, controller.signal).then(shown, (err) => {
      if (controller.signal.aborted) return;
      setMessages([]);
      const res = axios.isAxiosError<{ message?: unknown }>(err) ? err.response : undefined;
      // 403: the server answers development routes only on its own machine, and says so.
      const refusal = res?.status === 403 ? res.data?.message : undefined;
      setError(
        res?.status === 404
          ? 'The outbox is not available on this server.'
          : typeof refusal === 'string'
            ? refusal
            : 'The outbox could not be loaded.',
      );
    });
    return () => controller.abort();
  }, [to, version]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next === to) setVersion((v) => v + 1);
    else setParams(next ? { to: next } : {});
  };

  return (
    <section className="py-2">
      <h1 className="h3">Message outbox</h1>
      <p className="text-body-secondary">
        With no SMS or e-mail provider configured, messages land here instead (development only).
      </p>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label="Outbox filter">
        <div className="col-sm-8 col-md-6">
          <label htmlFor="outbox-to" className="form-label">
            Recipient (phone number or e-mail)
          </label>
          <input
            id="outbox-to"
            className="form-control"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="9800000001 or name@example.com"
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-success">
            Show messages
          </button>
        </div>
      </form>
      {error && (
        <div className="alert alert-warning" role="alert">
          {error}
        </div>
      )}
      {totals && totals.sms_messages > 0 && (
        // Providers bill each part: a Unicode (Nepali) SMS is one part up to 70 characters, not 160.
        <p data-testid="outbox-sms-totals">
          SMS{to ? ` to ${to}` : ''}: {plural(totals.sms_messages, 'message', 'messages')}, billed as{' '}
          {plural(totals.sms_segments, 'part', 'parts')}
        </p>
      )}
      {messages === null ? (
        <p role="status">Loading messages...</p>
      ) : messages.length === 0 ? (
        !error && <p>No messages{to ? ` for ${to}` : ''}.</p>
      ) : (
        // Focusable so keyboard users can scroll the table sideways on a narrow screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
        <section className="table-responsive" aria-label="Messages" tabIndex={0}>
          <table className="table table-sm align-middle">
            <caption>
              {messages.length} message{messages.length === 1 ? '' : 's'}
              {to ? ` for ${to}` : ''}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Channel</th>
                <th scope="col">Text</th>
                <th scope="col">OTP</th>
                <th scope="col">SMS parts</th>
                <th scope="col">Status</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={`${m.created_at}-${m.to}-${m.otp ?? ''}`}>
                  <td>{m.to}</td>
                  <td>{m.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
                  <td className="text-break">{m.text}</td>
                  <td className="font-monospace fw-bold" data-testid="outbox-otp">
                    {m.otp ?? '—'}
                  </td>
                  <td>{m.segments ?? '—'}</td>
                  <td title={m.error ?? undefined}>{deliveryOf(m)}</td>
                  <td>
                    <time dateTime={m.created_at}>{time.format(new Date(m.created_at))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
