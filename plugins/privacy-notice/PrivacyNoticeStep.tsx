import { useState } from 'react';
import type { InterruptProps, PrivacyPolicyResult } from '@portal/plugin-api';
import { PrivacyNoticeDialog } from './PrivacyNoticeDialog';

/** An http(s) URL to link to, or null (anything else is not rendered as a link). */
export function policyLink(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * -10999: the privacy policy changed. The notice cannot be dismissed; Acknowledge repeats
 * the interrupted call with `acceptPrivacyVersion` (the host closes the step when that call
 * settles or hands over to the next step).
 */
export default function PrivacyNoticeStep({ error, retry, cancel }: InterruptProps) {
  const result = (error.result ?? {}) as Partial<PrivacyPolicyResult>;
  const version = typeof result.version === 'number' && Number.isFinite(result.version) ? result.version : null;
  const [busy, setBusy] = useState(false);

  const acknowledge = () => {
    if (busy) return;
    // Without a version there is nothing to accept: back to the form rather than a loop.
    if (version === null) return cancel();
    setBusy(true);
    retry({ acceptPrivacyVersion: version }).catch(() => setBusy(false));
  };

  return <PrivacyNoticeDialog policyUrl={policyLink(result.url)} busy={busy} onAcknowledge={acknowledge} />;
}
