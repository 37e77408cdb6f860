import { APP_TYPES, type AppType, object, oneOf } from '@portal/plugin-api/config';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface PartnerAppConfig {
  /** The app this deployment config serves; a page opened by any other app type is refused. */
  appType: AppType;
}

export const configSchema = object({ appType: oneOf(APP_TYPES) }, { noUnknown: true });
