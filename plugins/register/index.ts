import { matches, object, string } from '../../core/config/shape';
import { localeFile } from '../../core/i18n/namespaces';
import { definePlugin } from '../../core/registry/definePlugin';

export interface RegisterPluginConfig {
  /** Terms of use linked from the terms checkbox (https URL or a path of this origin). */
  termsUrl: string;
  /** Privacy policy linked from the terms checkbox. */
  privacyUrl: string;
}

/** An https URL, or a path on the portal's own origin (not `//host`, which leaves it). */
const LINK = /^(https:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;

const link = matches(LINK, 'must be an https URL or a path starting with /');

const configSchema = object(
  {
    termsUrl: string({ default: 'https://www.example.com/legal/terms-of-use', test: link }),
    privacyUrl: string({ default: 'https://www.example.com/legal/privacy-policy', test: link }),
  },
  { noUnknown: true },
);

/**
 * Registration (spec sections 2, 4, 5): the login view 'register'. Email, password with a
 * strength meter, country/region (data region), names, optional phone, subscription and
 * terms; an invitation locks email and data region. Submits `POST /register/captcha`
 * through the interruptible call 'register' (a captcha step may break in), then shows
 * the email-sent view.
 */
export default definePlugin<RegisterPluginConfig>({
  id: 'register',
  configSchema,
  loginViews: [{ id: 'register', view: () => import('./RegisterView') }],
  locales: {
    register: localeFile('register'),
  },
});
