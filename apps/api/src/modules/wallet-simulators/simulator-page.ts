// Plain HTML for the simulators' pages: no script (the server's CSP allows none inline), one form.

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1b1f23; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: .5rem; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .3rem; border: 2px solid #1b1f23; background: #fff; color: #1b1f23; cursor: pointer; }
  button.primary { background: #0b5d1e; border-color: #0b5d1e; color: #fff; }
  button:focus-visible { outline: 3px solid #0a58ca; outline-offset: 2px; }
  fieldset { border: 1px dashed #6c757d; border-radius: .3rem; }
  .note { color: #495057; font-size: .9rem; }
  [role=alert] { color: #842029; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface PaymentPageInput {
  wallet: string;
  action: string;
  hidden: Record<string, string>;
  details: [string, string][];
}

/** The shopper's choice: Pay, Fail or Cancel, plus the test controls (simulators exist only outside production). */
export function paymentPage(input: PaymentPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const details = input.details
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return page(
    `${input.wallet} (simulator)`,
    `<h1>${escapeHtml(input.wallet)} payment (simulator)</h1>
<p class="note">A local stand-in for ${escapeHtml(input.wallet)}: no money moves.</p>
<dl>${details}</dl>
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<div class="actions">
<button type="submit" class="primary" name="choice" value="pay">Pay</button>
<button type="submit" name="choice" value="fail">Fail</button>
<button type="submit" name="choice" value="cancel">Cancel</button>
</div>
<fieldset>
<legend>Testing</legend>
<div class="actions">
<button type="submit" name="choice" value="pending">Leave pending</button>
<button type="submit" name="choice" value="pay-no-return">Pay without returning</button>
</div>
<p class="note">Leave pending: the wallet reports the payment as pending. Pay without returning: the payment completes but the browser is not sent back to the shop.</p>
</fieldset>
</form>`,
  );
}

export function messagePage(wallet: string, heading: string, text: string, status = 200) {
  return {
    status,
    html: page(
      `${wallet} (simulator)`,
      `<h1>${escapeHtml(heading)}</h1>\n<p${status >= 400 ? ' role="alert"' : ''}>${escapeHtml(text)}</p>`,
    ),
  };
}
