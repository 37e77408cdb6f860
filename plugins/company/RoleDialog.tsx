import { useTheme } from '@emotion/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MARK, type Member, type MemberRole, Modal, withEmailAddress } from '@portal/plugin-api';
import { RoleRadios } from './RoleRadios';

/** Change a member's role; handing over ownership is said out loud (the owner becomes an admin). */
export function RoleDialog({ member, roles, busy, onSave, onClose }: { member: Member; roles: MemberRole[]; busy: boolean; onSave: (role: MemberRole) => void; onClose: () => void }) {
  const { t } = useTranslation('company');
  const theme = useTheme();
  const [role, setRole] = useState<MemberRole>(member.role);
  return (
    <Modal
      open
      kind="normal"
      draggable
      title={withEmailAddress(t('roleDialog.heading', { email: ADDRESS_MARK }), member.email)}
      onClose={onClose}
      onOk={() => (role === member.role ? onClose() : onSave(role))}
      okLabel={t('roleDialog.save')}
      okLoading={busy}
      showCancel
    >
      <RoleRadios legend={t('members.role')} roles={roles} value={role} onChange={setRole} />
      {role === 'owner' && (
        <p role="status" css={{ margin: 0, color: theme.colors.warning }}>
          {t('roleDialog.ownerWarning')}
        </p>
      )}
    </Modal>
  );
}
