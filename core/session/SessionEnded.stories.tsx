import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';

/** The one modal shown when the session ends under the user (refresh failed or forced sign-out). */
function SessionEndedDialog() {
  const { t } = useTranslation('core');
  return (
    <Modal
      open
      onClose={() => {}}
      kind="error"
      title={t('session.timeoutTitle')}
      description={t('session.loggedOut')}
      dismissible={false}
      okLabel={t('session.signInAgain')}
      onOk={() => {}}
    />
  );
}

const meta: Meta = {
  title: 'Core/SessionEnded',
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' } },
};
export default meta;
type Story = StoryObj;

export const SessionTimeoutModal: Story = { render: () => <SessionEndedDialog /> };
