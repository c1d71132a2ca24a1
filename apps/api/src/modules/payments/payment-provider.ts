import type { paymentAttemptStatuses } from '../../db/schema/orders';

export type WalletName = 'esewa' | 'khalti';
export type AttemptStatus = (typeof paymentAttemptStatuses)[number];

/** What the browser needs to go to the wallet. */
export type BrowserStep =
  | { type: 'form'; method: 'POST'; url: string; fields: Record<string, string> }
  | { type: 'redirect'; url: string };

export interface InitiateInput {
  /** Ours, unique per attempt: eSewa transaction_uuid, Khalti purchase_order_id. */
  reference: string;
  amountPaisa: number;
  orderName: string;
  /** Where the wallet sends the browser back (our return handlers). */
  returnUrl: string;
  failureUrl: string;
  websiteUrl: string;
  customer: { name: string; email?: string; phone?: string };
}

export interface Initiated {
  browser: BrowserStep;
  /** Khalti pidx. */
  sessionId?: string;
  expiresAt?: Date;
  /** The provider's answer, kept on the payment row. */
  answer: unknown;
}

/** The provider's own answer about one payment (eSewa status check, Khalti lookup). */
export interface ProviderState {
  status: AttemptStatus;
  /** The provider's word for it (COMPLETE, User canceled, …). */
  providerStatus: string;
  /** The amount the provider reports, in paisa; null when it reports none. */
  amountPaisa: number | null;
  /** eSewa ref_id / transaction_code, Khalti transaction_id. */
  transactionId: string | null;
  answer: unknown;
}

/** The payment a status look-up is about. */
export interface PaymentLookup {
  reference: string;
  amountPaisa: number;
  sessionId: string | null;
}

/** What a browser return claims; never trusted until the provider confirms it. */
export interface ReturnClaim {
  /** Our reference (eSewa transaction_uuid) when the return names one. */
  reference?: string;
  /** Khalti pidx. */
  sessionId?: string;
  amountPaisa?: number;
  providerStatus?: string;
  transactionId?: string;
  raw: unknown;
}

export interface PaymentProvider {
  name: WalletName;
  /** Starts a payment and answers what the browser needs (eSewa: a signed form; Khalti: payment_url). */
  initiate(input: InitiateInput): Promise<Initiated>;
  /** Reads (and for eSewa verifies the signature of) what the wallet sent back with the browser. */
  verifyReturn(query: Record<string, unknown>): ReturnClaim;
  /** Asks the provider for the payment's real state. */
  lookup(payment: PaymentLookup): Promise<ProviderState>;
}

/** The provider could not be reached or answered something unusable; nothing may be concluded. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: WalletName,
    message: string,
    /** The provider refused the request itself (bad amount, bad key), not a passing fault. */
    readonly refused = false,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'PaymentProviderError';
  }
}

/** A return whose content fails verification (bad signature, malformed data). */
export class InvalidReturnError extends Error {
  constructor(
    readonly provider: WalletName,
    message: string,
  ) {
    super(`${provider} return: ${message}`);
    this.name = 'InvalidReturnError';
  }
}
