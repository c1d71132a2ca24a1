import { MessageDeliveryError } from './message-sender';

/** POSTs a form to a provider and returns its parsed JSON answer; any failure is a MessageDeliveryError. */
export async function postForm(
  provider: string,
  url: string,
  fields: Record<string, string>,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new MessageDeliveryError(
      provider,
      `unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = await response.text();
  if (!response.ok)
    throw new MessageDeliveryError(provider, `HTTP ${response.status}: ${body.slice(0, 200)}`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
