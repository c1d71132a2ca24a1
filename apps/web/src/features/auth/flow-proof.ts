// The token that proves the previous step of a sign-up (decision 034), with its phone. Pages pass
// it in navigation state and keep it in sessionStorage (this tab only), so a reload still has it.

export type ProofStep = 'signup' | 'setpass';

export interface FlowProof {
  phone: string;
  token: string;
}

const storageKey = (step: ProofStep) => `pasal.proof.${step}`;

/** The proof in `value` (navigation state or a stored entry), if it has both parts. */
export function proofFrom(value: unknown): FlowProof | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { phone, token } = value as Record<string, unknown>;
  return typeof phone === 'string' && phone && typeof token === 'string' && token
    ? { phone, token }
    : undefined;
}

// Storage may be unavailable (private modes, quotas): the proof then lives in navigation state only.
export function keepProof(step: ProofStep, proof: FlowProof): void {
  try {
    sessionStorage.setItem(storageKey(step), JSON.stringify(proof));
  } catch {}
}

export function storedProof(step: ProofStep): FlowProof | undefined {
  try {
    return proofFrom(JSON.parse(sessionStorage.getItem(storageKey(step)) ?? 'null'));
  } catch {
    return undefined;
  }
}

/** Spent (or refused for good): a reload must not offer it again. */
export function dropProof(step: ProofStep): void {
  try {
    sessionStorage.removeItem(storageKey(step));
  } catch {}
}
