import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '../../i18n/i18n';
import { type Address, listAddresses, UnexpectedFormatError } from './addresses-api';
import { CHECKOUT_TEXTS } from './checkout-texts';

/** The default address, else the first (shopping.md §4 Checkout). */
const preselect = (list: Address[]) => (list.find((a) => a.is_default) ?? list[0])?.id ?? null;

/**
 * The customer's saved addresses and the chosen one. The choice is kept across reloads of the list
 * while it still exists; `reload(choose)` picks a given address (one just added).
 */
export function useAddresses() {
  const [addresses, setAddresses] = useState<Address[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selectedRef = useRef<number | null>(null);
  const generation = useRef(0);

  const choose = useCallback((id: number | null) => {
    selectedRef.current = id;
    setSelectedId(id);
  }, []);

  const reload = useCallback(
    async (pick?: number) => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const list = await listAddresses();
        if (mine !== generation.current) return;
        setAddresses(list);
        setFailed(false);
        const keep = pick ?? selectedRef.current;
        choose(list.some((a) => a.id === keep) ? keep : preselect(list));
      } catch (error) {
        if (mine !== generation.current) return;
        setFailed(true);
        toast.error(
          error instanceof UnexpectedFormatError
            ? t(CHECKOUT_TEXTS.unexpectedFormat)
            : t(CHECKOUT_TEXTS.addressesFailed),
          { toastId: 'addresses-failed' },
        );
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [choose],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const selected = addresses.find((a) => a.id === selectedId) ?? null;
  return { addresses, loading, failed, selected, select: choose, reload };
}
