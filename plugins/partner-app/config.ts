import { APP_RETURN_URI, APP_TYPES, type AppType, matches, object, oneOf, string } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface PartnerAppConfig {
  /** The app this deployment config serves; a page opened by any other app type is refused. */
  appType: AppType;
  /**
   * Where a page the app opened in the device's browser sends the person back (the app's own scheme,
   * `com.vendor.partner://unified-id`, or its https universal/app link). Without it such a page ends
   * by asking the person to switch back to the app themselves.
   */
  returnUri?: string;
}

export const configSchema = object(
  {
    appType: oneOf(APP_TYPES),
    returnUri: string({
      optional: true,
      test: matches(APP_RETURN_URI, "must be the app's own scheme (com.vendor.app://…) or https, not javascript:, data:, file: or http:"),
      description: "Where a page the app opened in the device's browser sends the person back: the app's own scheme, or its https app link.",
    }),
  },
  { noUnknown: true },
);
