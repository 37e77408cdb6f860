import { object, oneOf } from '../../core/config/shape';
import { APP_TYPES, type AppType } from '../../core/contract/partnerApp';

// The plugin's settings as a pure shape: the server and `npm run config:check` check configs with it too.

export interface PartnerAppConfig {
  /** The app this deployment config serves; a page opened by any other app type is refused. */
  appType: AppType;
}

export const configSchema = object({ appType: oneOf(APP_TYPES) }, { noUnknown: true });
