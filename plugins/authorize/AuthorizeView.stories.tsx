import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Registry } from '@portal/plugin-api';
import { StoryPortal, testRegistry } from '@portal/plugin-api/testing';
import AuthorizeView from './AuthorizeView';
import authorize from './index';

type Loaded = { registry: Registry };

/**
 * Holds the PKCE challenge (crypto.subtle.digest) for the story's lifetime: the view then
 * stays on its loading state instead of sending the story's frame to the server's /authorize.
 */
function holdDigest(): () => void {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return () => undefined;
  Object.defineProperty(subtle, 'digest', { configurable: true, value: () => new Promise<ArrayBuffer>(() => undefined) });
  return () => {
    delete (subtle as { digest?: unknown }).digest;
  };
}

/** `/`, the authorize entry: a spinner (and a spoken "Taking you to sign-in…") while the browser leaves for /authorize. */
const meta: Meta = {
  title: 'Plugins/Authorize/AuthorizeView',
  beforeEach: holdDigest,
  loaders: [async (): Promise<Loaded> => ({ registry: await testRegistry([authorize]) })],
  render: (_args, { loaded }) => (
    <StoryPortal registry={(loaded as Loaded).registry} path="/">
      <AuthorizeView />
    </StoryPortal>
  ),
};
export default meta;
type Story = StoryObj;

export const Loading: Story = {};

export const LoadingDarkTheme: Story = { parameters: { theme: 'midnight' } };
