import { useTheme } from '@emotion/react';
import { Button } from '@portal/plugin-api';
import { PasskeyIcon } from './PasskeyIcon';

/**
 * The passkey button of the sign-in form and of the MFA step, with the line under it that says how
 * the last try went: refused (an alert) or cancelled/unavailable (a status).
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
        <p role={outcome === 'refused' ? 'alert' : 'status'} css={{ margin: `${theme.space(3)} 0 0`, fontSize: theme.font.sizeSm, color: outcome === 'refused' ? theme.colors.danger : theme.colors.textMuted }}>
          {props.outcomeText}
        </p>
      ) : null}
    </>
  );
}
