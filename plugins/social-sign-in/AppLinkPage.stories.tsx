import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, pendingHttp, press, StoryPortal, testRegistry, until } from '@portal/plugin-api/testing';
import AppLinkPage from './AppLinkPage';
import type { AppLinkState } from './contract';
import socialSignIn from './index';

type Loaded = { registry: Registry };

const STATE = '/social/app-link';
const CONFIRM: AppLinkState = { status: 'confirm', provider: 'google', email: 'ana.novak@partner-example.com', appName: 'Partner App', returnUri: null };
const RETURN = 'com.vendor.partnerapp://unified-id/linked';
const at = (state: AppLinkState, more: Record<string, unknown> = {}) => cannedHttp({ [STATE]: state, ...more });

/**
 * The page a partner app opened in the device's browser to link a social provider: which ID, which
 * app, the provider only on "Continue", and the way back to the app. Mocked at the HTTP boundary.
 */
const meta: Meta = {
  title: 'Plugins/SocialSignIn/AppLinkPage',
  parameters: { layout: 'fullscreen' },
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([socialSignIn]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={parameters.http as HttpClient} path="/social/app-link">
      <AppLinkPage />
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** The hand-off is read. */
export const Loading: Story = { parameters: { http: pendingHttp } };

/** The question: this ID, asked by this app; Google only on Continue. */
export const Confirm: Story = { parameters: { http: at(CONFIRM) } };

/** A long address and an app without a configured name ("the app"). */
export const LongAddress: Story = { parameters: { http: at({ ...CONFIRM, provider: 'microsoft', appName: null, email: 'procurement.department.team-lead@very-long-partner-company-name.example' }) } };

/** Continue, and the server did not answer: said in place, the question stays. */
export const ContinueFailed: Story = {
  parameters: { http: at(CONFIRM, { [`${STATE}/start`]: new ApiError(0, undefined, 0) }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Continue with Google');
    await until(() => canvasElement.querySelector('[role="alert"]'), 'the error');
  },
};

/** Back from Google: which Google account goes to which ID; only "Link" links. */
export const Review: Story = { parameters: { http: at({ ...CONFIRM, status: 'review', providerEmail: 'ana.novak.private@gmail.example' }) } };

/** The provider gave no address: the review says so, and still names the ID. */
export const ReviewNoAddress: Story = { parameters: { http: at({ ...CONFIRM, status: 'review', providerEmail: null }) } };

/** Linked after the review, with the way back to the app. */
export const Linked: Story = { parameters: { http: at({ ...CONFIRM, status: 'linked', returnUri: RETURN }) } };

/** Linked, and the app named no way back: the person switches back themselves. */
export const LinkedNoReturn: Story = { parameters: { http: at({ ...CONFIRM, status: 'linked', appName: null }) } };

/** The Google account signs in to another ID already. */
export const Taken: Story = { parameters: { http: at({ ...CONFIRM, status: 'failed', failure: 'taken', returnUri: RETURN }) } };

/** The Google account's address is another ID's: not linked to this one. */
export const AddressTaken: Story = { parameters: { http: at({ ...CONFIRM, status: 'failed', failure: 'addressTaken', returnUri: RETURN }) } };

/** Cancelled at Google. */
export const Denied: Story = { parameters: { http: at({ ...CONFIRM, status: 'failed', failure: 'denied', returnUri: RETURN }) } };

/** Cancelled here: nothing linked, back to the app. */
export const Cancelled: Story = {
  parameters: { http: at(CONFIRM, { [`${STATE}/cancel`]: { ...CONFIRM, status: 'failed', failure: 'cancelled', returnUri: RETURN } }) },
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Cancel');
    await until(() => canvasElement.querySelector('[role="status"]'), 'nothing was linked');
  },
};

/** Opened already, in time no more, or another browser's. */
export const Expired: Story = { parameters: { http: cannedHttp({ [STATE]: new ApiError(-20651, 'gone', 404) }) } };

/** The server did not answer: Try again. */
export const LoadFailed: Story = { parameters: { http: cannedHttp({ [STATE]: new ApiError(0, undefined, 0) }) } };

export const DarkTheme: Story = { parameters: { theme: 'midnight', http: at(CONFIRM) } };

/** In Arabic: the address and the app's name keep their own direction. */
export const Arabic: Story = inArabic(Confirm);
