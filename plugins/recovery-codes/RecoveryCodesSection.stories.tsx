import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MfaFeatureStatus, RecoveryCodesStatus, Registry } from '@portal/plugin-api';
import { cannedHttp, demoUser, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import recoveryCodes from './index';
import RecoveryCodesSection from './RecoveryCodesSection';
import { clickButton } from './storyHelpers';

type Loaded = { registry: Registry };
const ID = encodeURIComponent(demoUser.accountId);
const AT = Date.UTC(2024, 4, 1, 10);
const mfaOn: MfaFeatureStatus = { enabled: true, supportedMFATypes: [3], primaryMFAType: 3, MFAEmail: 'an***@partner-example.com' };
const mfaOff: MfaFeatureStatus = { enabled: false, supportedMFATypes: [], primaryMFAType: null, MFAEmail: 'an***@partner-example.com' };
const none: RecoveryCodesStatus = { generatedAt: null, remaining: 0, total: 0 };
const CODES = ['k7mq-2xhp-4n', 'tr9w-bd3e-ja', 'v6cz-q8sy-m2', 'h4pn-x7gt-rk', 'e3fa-w9ub-7d', 'm2kz-c5vq-hy', 'p8dj-r4tn-3w', 'y6gb-k2sx-ea', 'u7hq-n3mz-9c', 'd5we-j8rf-p4'];

const http = (status: RecoveryCodesStatus, mfa = mfaOn) =>
  cannedHttp({ [`/account/${ID}/recovery-codes`]: status, [`/account/${ID}/mfa/getMfaFeatureStatus`]: mfa });
/** GET and POST share the path in cannedHttp: a POST answers with the new set. */
const creating = () => {
  const client = http(none);
  client.post = (async () => ({ codes: CODES, generatedAt: AT })) as unknown as typeof client.post;
  return client;
};

const meta: Meta = {
  title: 'Plugins/Security/RecoveryCodes',
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([recoveryCodes]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={(parameters.http as ReturnType<typeof http>) ?? http(none)} user={demoUser}>
      <div css={{ maxWidth: 880 }}>
        <RecoveryCodesSection user={demoUser} unlocked={parameters.locked !== true} guard={(call) => call()} reloadKey={0} changed={() => undefined} timeZone="UTC" />
      </div>
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const NoCodes: Story = {};
export const Locked: Story = { parameters: { locked: true } };
export const NeedsTwoStep: Story = { parameters: { http: http(none, mfaOff) } };
export const CodesLeft: Story = { parameters: { http: http({ generatedAt: AT, remaining: 8, total: 10 }) } };
export const FewLeft: Story = { parameters: { http: http({ generatedAt: AT, remaining: 2, total: 10 }) } };
export const ConfirmReplace: Story = {
  parameters: { http: http({ generatedAt: AT, remaining: 8, total: 10 }) },
  play: ({ canvasElement }) => clickButton(canvasElement, 'Create new codes', 'Your current codes will stop working.'),
};
/** The new set, shown this once. */
export const NewCodes: Story = {
  parameters: { http: creating() },
  play: ({ canvasElement }) => clickButton(canvasElement, 'Create recovery codes', 'Your recovery codes'),
};
