import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Registry } from '@portal/plugin-api';
import { demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import AccountPage from './AccountPage';
import account from './index';

type Loaded = { registry: Registry };

const meta: Meta = {
  title: 'Plugins/Account/AccountPage',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([account]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} user={parameters.user ?? demoUser} path="/accountSetting/account">
      <div style={{ padding: 16 }}>
        <AccountPage />
      </div>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const Default: Story = {};

export const WithoutAccountId: Story = {
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([account], { account: { showAccountId: false } }) })],
};

export const LongValues: Story = {
  parameters: {
    user: {
      ...demoUser,
      firstName: 'Maximiliana Alexandrina',
      lastName: 'von Hohenzollern-Sigmaringen',
      email: 'maximiliana.alexandrina.hohenzollern@very-long-partner-company-name.example.com',
      region: 'Aps',
    },
  },
};

export const DarkTheme: Story = { parameters: { theme: 'midnight' } };

export const RightToLeft: Story = { parameters: { dir: 'rtl' } };

export const Arabic: Story = inArabic(RightToLeft);
