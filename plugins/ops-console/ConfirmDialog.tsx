import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Modal, type PasskeyOptionsResult } from '@portal/plugin-api';
import { useOps } from './api';
import { OPS_CALLS as C, type OperatorMe, type OpsFactor, type OpsFactorProof } from './contract';
import { SecondFactorForm } from './SecondFactorForm';

/** A dangerous action's check: the operator's second factor again, good for a few minutes. */
export function ConfirmDialog({ me, open, onDone }: { me: OperatorMe; open: boolean; onDone: (confirmed: boolean) => void }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-console');
  const ops = useOps();
  const methods: OpsFactor[] = [...(me.passkeys > 0 ? (['passkey'] as const) : []), ...(me.totp ? (['totp'] as const) : [])];
  return (
    <Modal open={open} onClose={() => onDone(false)} title={t('confirmTitle')} description={t('confirmIntro')} footer={null}>
      {/* The intro (the dialog's description) has no margin of its own. */}
      <div css={{ marginTop: theme.space(4) }}>
        <SecondFactorForm
          methods={methods}
          passkeyOptions={async () => (await ops.call<PasskeyOptionsResult>('POST', C.confirmPasskeyOptions)).options}
          submit={async (proof: OpsFactorProof) => {
            await ops.call('POST', C.confirm, proof);
            onDone(true);
          }}
        />
      </div>
    </Modal>
  );
}
