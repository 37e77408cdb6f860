import { useTheme } from '@emotion/react';
import { Button } from '@portal/plugin-api';
import { PasskeyIcon } from './PasskeyIcon';
import { isAlert } from './problems';

/**
 * The passkey button of the sign-in form and of the MFA step, with the line under it that says how
 * the last try went: a failure to act on (refused, or why the browser would not: an alert) or a try
 * that only ended (cancelled, timed out: a status).
 */
export function PasskeyAction(props: {
  label: string;
  loading: boolean;
  disabled?: boolean;
  onClick: () => void;
  outcome: string | null;
  outcomeText: string;
}) {
  const theme = useTheme();
  const { outcome } = props;
  return (
    <>
      <Button type="button" variant="secondary" fullWidth loading={props.loading} disabled={props.disabled} onClick={props.onClick}>
        <span css={{ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) }}>
          <PasskeyIcon />
          {props.label}
        </span>
      </Button>
      {outcome ? (
        <p role={isAlert(outcome) ? 'alert' : 'status'} css={{ margin: `${theme.space(3)} 0 0`, fontSize: theme.font.sizeSm, color: isAlert(outcome) ? theme.colors.danger : theme.colors.textMuted }}>
          {props.outcomeText}
        </p>
      ) : null}
    </>
  );
}
