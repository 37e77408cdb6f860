import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignInProblemPage } from './SignInProblemView';

/**
 * `/sign-in-problem`: a connected service's request the portal could not send back to the
 * service as asked (the OpenID provider's, the spec's hand-off's, the help desk's), one fixed
 * message per kind, and the way on: back to the service where the server named an allowed one,
 * else Start again; Contact support where the deployment has a link.
 */
const meta = {
  title: 'Plugins/Authorize/SignInProblem',
  component: SignInProblemPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SignInProblemPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The request named a client the portal does not know. */
export const UnknownClient: Story = { args: { kind: 'unknownClient' } };

/** The request's redirect URI is not one the client registered: never followed. */
export const RedirectUri: Story = { args: { kind: 'redirectUri' } };

/** The interaction expired, or its cookie belongs to another browser. */
export const Expired: Story = { args: { kind: 'expired' } };

/** Any other request the provider refused without a way back to the client. */
export const InvalidRequest: Story = { args: { kind: 'invalidRequest' } };

/** The provider failed. */
export const ServerError: Story = { args: { kind: 'serverError' } };

/** In a white-label deployment's dark theme. */
export const DarkTheme: Story = { args: { kind: 'redirectUri' }, parameters: { theme: 'midnight' } };

/** The service's configured address (allowed) and the deployment's support link. */
const wayOn = { serviceUrl: 'https://shop.example/home', supportUrl: 'https://support.unified-id.example' };

/** The spec's hand-off asked for a response type other than `code`: back to the known service. */
export const ResponseType: Story = { args: { kind: 'responseType', ...wayOn } };

/** The hand-off asked for a scope the portal does not grant. */
export const Scope: Story = { args: { kind: 'scope', ...wayOn } };

/** The hand-off came without PKCE S256. */
export const Pkce: Story = { args: { kind: 'pkce', ...wayOn } };

/** The help desk asked to return to an origin the deployment does not allow: back to the help desk. */
export const ReturnTo: Story = { args: { kind: 'returnTo', ...wayOn } };

/** A sign-in switched off where it was asked (-19999): no service to go back to, Start again and support. */
export const Unavailable: Story = { args: { kind: 'unavailable', supportUrl: wayOn.supportUrl } };

/** An unknown client with the deployment's support link: Start again and Contact support. */
export const UnknownClientSupport: Story = { args: { kind: 'unknownClient', supportUrl: wayOn.supportUrl } };

export const Arabic: Story = inArabic(ReturnTo);
