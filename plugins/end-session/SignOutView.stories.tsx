import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError, type HttpClient, type Registry } from '@portal/plugin-api';
import { cannedHttp, inArabic, pendingHttp, StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import endSession from './index';
import { LOGOUT_REQUEST_CALL, type LogoutRequest } from './logoutRequest';
import SignOutView from './SignOutView';

type Loaded = { registry: Registry };
const REQUEST: LogoutRequest = { clientName: 'Partner Shop', email: 'ana.novak@partner-example.com', xsrf: 'story-xsrf', action: '/api/oidc/session/end/confirm' };

/** A connected service asked to end the user's session: the portal asks first. */
const meta: Meta = {
  title: 'Plugins/EndSession/SignOutView',
  parameters: { layout: 'fullscreen' },
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([endSession]) })],
  render: (_args, { loaded, parameters }) => (
    <StoryPortal registry={(loaded as Loaded).registry} http={parameters.http as HttpClient} path="/signout">
      <SignOutView />
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

/** The pending request is on its way. */
export const Loading: Story = { parameters: { http: pendingHttp } };

/** The question, naming the service and the signed-in account. */
export const Question: Story = { parameters: { http: cannedHttp({ [LOGOUT_REQUEST_CALL]: REQUEST }) } };

/** A long service name and address wrap inside the card. */
export const LongNames: Story = {
  parameters: { http: cannedHttp({ [LOGOUT_REQUEST_CALL]: { ...REQUEST, clientName: 'Contoso Distribution Partner Ordering Portal (Europe)', email: 'procurement.department.team-lead@very-long-partner-company-name.example' } }) },
};

/** The server knows neither the service nor the account (the request came without an ID token hint). */
export const Anonymous: Story = { parameters: { http: cannedHttp({ [LOGOUT_REQUEST_CALL]: { ...REQUEST, clientName: null, email: null } }) } };

/** Nothing pending: answered already, expired, or another browser's. */
export const NothingPending: Story = { parameters: { http: cannedHttp({ [LOGOUT_REQUEST_CALL]: new ApiError(-20651, 'none', 404) }) } };

/** Loading failed (network): the request is kept, Try again. */
export const LoadFailed: Story = { parameters: { http: cannedHttp({ [LOGOUT_REQUEST_CALL]: new ApiError(0, undefined, 0) }) } };

export const DarkTheme: Story = { parameters: { theme: 'midnight', http: cannedHttp({ [LOGOUT_REQUEST_CALL]: REQUEST }) } };

/** In Arabic, under the portal's header: the service's name and the address keep their own direction. */
export const Arabic: Story = inArabic(Question);
