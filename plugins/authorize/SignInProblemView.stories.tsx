import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignInProblemPage } from './SignInProblemView';

/**
 * `/sign-in-problem`: a connected service's OpenID request the portal could not send back to
 * the service, one fixed message per kind, and Start again.
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
