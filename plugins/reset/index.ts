import { matches, object, string } from '../../core/config/shape';
import { localeFile } from '../../core/i18n/namespaces';
import { definePlugin } from '../../core/registry/definePlugin';

export interface ResetPluginConfig {
  /** Where the 'contact support' link of the reset-mail-failed dialog (-5001) leads. */
  supportUrl: string;
}

export const DEFAULT_SUPPORT_URL = 'https://support.unified-id.example';

const configSchema = object(
  { supportUrl: string({ default: DEFAULT_SUPPORT_URL, test: matches(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL') }) },
  { noUnknown: true },
);

/**
 * Reset password (spec sections 2, 4, 5, 8): the 'reset' login view asks the server to mail a
 * reset link, then hands over to the email-sent view.
 */
export default definePlugin<ResetPluginConfig>({
  id: 'reset',
  configSchema,
  loginViews: [{ id: 'reset', view: () => import('./ResetView') }],
  locales: {
    reset: localeFile('reset'),
  },
});
