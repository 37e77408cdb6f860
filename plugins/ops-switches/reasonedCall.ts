import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runConfirmed, useConsole } from '@portal/plugin-api';
import { switchesError } from './messages';

const REASON_MIN = 3;

/**
 * A change with a reason (apply, restore): the reason asked for before any call, the call confirmed
 * with a second factor when the server asks, its failure said; the reason is kept when it fails.
 */
export function useReasonedCall() {
  const { t } = useTranslation(['ops-switches', 'core']);
  const { confirm } = useConsole();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The call's answer; null when the reason is missing, the confirmation declined or the call failed (`failed` may take the failure first). */
  async function run<T>(call: (reason: string) => Promise<T>, failed?: (err: unknown) => boolean): Promise<T | null> {
    if (reason.trim().length < REASON_MIN) {
      setReasonError(t('ops-switches:review.reasonRequired'));
      return null;
    }
    setReasonError(null);
    setError(null);
    setBusy(true);
    try {
      return await runConfirmed(() => call(reason.trim()), confirm);
    } catch (err) {
      if (!failed?.(err)) setError(switchesError(err, t));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { reason, setReason, reasonError, error, busy, run };
}
