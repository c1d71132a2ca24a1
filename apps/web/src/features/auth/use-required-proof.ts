import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { t } from '../../i18n/i18n';
import { type FlowProof, type ProofStep, proofFrom, storedProof } from './flow-proof';

/**
 * The phone and token the previous step handed over: from navigation state, else from this tab's
 * sessionStorage (a reload). Without either the page shows `message` and sends the user to
 * `redirectTo`, as useRequiredState does (accounts-orders.md §5).
 */
export function useRequiredProof(
  step: ProofStep,
  message: string,
  redirectTo: string,
): FlowProof | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const proof = proofFrom(location.state) ?? storedProof(step);
  const missing = !proof;
  useEffect(() => {
    if (!missing) return;
    toast.error(t(message), { toastId: 'missing-phone' });
    navigate(redirectTo, { replace: true });
  }, [missing, message, redirectTo, navigate]);
  return proof;
}
