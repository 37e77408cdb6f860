import { object, string } from 'yup';

export interface MigrationPluginConfig {
  /** Where users get help with a forgotten local password (hint after -20601). */
  supportUrl?: string;
  /** Terms of Use linked from the terms checkbox. */
  termsUrl?: string;
}

const httpUrl = () => string().matches(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'must be an http(s) URL').optional();

export const configSchema = object({
  supportUrl: httpUrl(),
  termsUrl: httpUrl(),
}).noUnknown(true, ({ unknown }) => `unknown field(s): ${String(unknown)}`);
