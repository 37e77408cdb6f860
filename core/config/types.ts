import type { RegionCode } from '../contract/regions';
import type { LanguageCode } from '../i18n/languages';
import type { ThemeOverrides } from '../../themes/tokens';

export interface PluginSwitch {
  enabled: boolean;
  config?: Record<string, unknown>;
}

export interface RegionOverride {
  plugins: Record<string, Partial<PluginSwitch>>;
}

/** A deployment config (config/*.json; JSON Schema in config/schema.json). */
export interface DeploymentConfig {
  name: string;
  /** 'web' for browsers, 'app' when embedded in a partner mobile app, 'console' for the ops console (/ops). */
  variant: 'web' | 'app' | 'console';
  api: {
    /** Base of common calls. */
    global: string;
    /** Bases of regional calls by data region. */
    regions: Record<RegionCode, string>;
    defaultRegion: RegionCode;
  };
  /** Hosts (host[:port]) of the official identity site: the login page stays there when the status check fails. */
  officialHosts: string[];
  /** Where sign-in lives: the authorize entry by default. */
  signInPath: string;
  /** Exact origins always allowed as redirect targets, merged with the server's allow-list. */
  allowedRedirects: string[];
  theme: { name: string; overrides?: ThemeOverrides };
  defaultLanguage: LanguageCode;
  plugins: Record<string, PluginSwitch>;
  /** Per data region switches, e.g. a plugin off in one region. */
  regions: Partial<Record<RegionCode, RegionOverride>>;
}
