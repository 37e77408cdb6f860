import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, type MfaStepPartProps } from '@portal/plugin-api';

/** The MFA step's "don't ask again on this device" box: every answer of the step carries its choice. */
export default function TrustOption({ challenge, busy, setFields }: MfaStepPartProps) {
  const { t } = useTranslation('trusted-device');
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label={t('option', { count: challenge.trustDeviceDays ?? 0 })}
      checked={checked}
      disabled={busy}
      onChange={(event) => {
        setChecked(event.target.checked);
        setFields({ trustDevice: event.target.checked });
      }}
    />
  );
}
