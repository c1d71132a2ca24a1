import type { WalletStep } from '@pasal/contract/payments';

/**
 * Sends the browser to the wallet as the server said: eSewa by posting its signed form (built
 * here and submitted at once), Khalti by opening its payment_url. The page is left behind.
 */
export function goToWallet(step: WalletStep, doc: Document = document): void {
  if (step.type === 'redirect') {
    doc.defaultView?.location.assign(step.url);
    return;
  }
  const form = doc.createElement('form');
  form.method = step.method;
  form.action = step.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(step.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
