import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Registry, TrustedDeviceInfo } from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry, until } from '@portal/plugin-api/testing';
import trustedDevice from './index';
import TrustedDevicesSection from './TrustedDevicesSection';

type Loaded = { registry: Registry };
const ID = encodeURIComponent(demoUser.accountId);
const AT = Date.UTC(2024, 4, 1, 10);
const devices: TrustedDeviceInfo[] = [
  {
    deviceId: 'd-1',
    current: true,
    createdAt: AT - 86_400_000 * 3,
    lastUsedAt: AT,
    expiresAt: AT + 86_400_000 * 27,
    ip: '198.51.100.4',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  },
  {
    deviceId: 'd-2',
    current: false,
    createdAt: AT - 86_400_000 * 12,
    lastUsedAt: AT - 86_400_000 * 2,
    expiresAt: AT + 86_400_000 * 18,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
];

const meta: Meta = {
  title: 'Plugins/Security/TrustedDevices',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([trustedDevice]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={cannedHttp({ [`/account/${ID}/trusted-devices`]: { devices: (parameters.devices as TrustedDeviceInfo[] | undefined) ?? devices } })} user={demoUser}>
      <div css={{ maxWidth: 880 }}>
        <TrustedDevicesSection user={demoUser} unlocked={parameters.locked !== true} guard={(call) => call()} reloadKey={0} changed={() => undefined} timeZone="UTC" />
      </div>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const Devices: Story = {};
export const Locked: Story = { parameters: { locked: true } };
export const NoDevices: Story = { parameters: { devices: [] } };
/** "Stop trusting all devices" asks first, saying what it does (this browser too). */
export const RevokeAllConfirm: Story = {
  parameters: { loki: { chromeSelector: '#headlessui-portal-root' } },
  play: async () => {
    const all = await until(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Stop trusting all devices' && !b.disabled), 'the button');
    all.click();
    await until(() => document.querySelector('[role="alertdialog"]'), 'the confirm dialog');
  },
};
