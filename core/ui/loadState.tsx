import { useTheme } from '@emotion/react';
import { Button } from './Button';
import { Notice } from './Notice';
import { Spinner } from './Spinner';

/** A section's loading line: a small spinner and what is loading, announced politely. */
export function LoadingLine({ label }: { label: string }) {
  const theme = useTheme();
  return (
    <p role="status" css={{ display: 'flex', alignItems: 'center', gap: theme.space(2), margin: 0, color: theme.colors.textMuted }}>
      <Spinner size={18} />
      {label}
    </p>
  );
}

/** A section whose data did not load: why (announced), and a way to try again. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <>
      <Notice kind="error" role="alert">
        {message}
      </Notice>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </>
  );
}
