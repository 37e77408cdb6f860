/**
 * The console's connected services (issue 28, section 3): the calls under /api/ops and what they
 * carry, shared by the Services section and the server half. A service is an entry of the stored
 * clients document (the same JSON as CLIENTS_FILE, checked by the server's checkClients); its
 * secret is made by the server, shown once, and kept only as its SHA-256.
 */
import type { ContrastProblem } from '@portal/plugin-api/contract';

export const SERVICES_CALLS = {
  services: '/services',
  themes: '/services/themes',
  images: '/services/images',
} as const;

/** A service's one path: `/services/<id>`; its secret's: `/services/<id>/secret`. */
export const servicePath = (id: string) => `${SERVICES_CALLS.services}/${encodeURIComponent(id)}`;
export const secretPath = (id: string) => `${servicePath(id)}/secret`;

/** Where the portal serves an uploaded image: its SHA-256 and its type's extension, under /api. */
export const IMAGE_PATH_PREFIX = '/api/ops-services/images/';
export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export type ImageType = keyof typeof IMAGE_TYPES;
/** The largest image taken (a logo or a slide): larger ones slow the login page's first paint. */
export const IMAGE_MAX_BYTES = 512 * 1024;
/**
 * The widest and tallest image taken, in pixels: a few hundred KB of PNG can unpack to gigabytes of
 * pixels in every browser that shows the login page; a logo or a full-width slide needs far less.
 */
export const IMAGE_MAX_SIDE = 4096;
/** The room the uploaded images share in the database, in bytes; images no version of the services names make room first. */
export const IMAGE_QUOTA_BYTES = 64 * 1024 * 1024;
/** What a refused upload names besides its field: the limit it passed. */
export interface ImageRefusal {
  field: 'data' | 'contentType';
  maxBytes?: number;
  maxSide?: number;
  quotaBytes?: number;
}

export const GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

/** A slide of the login page's carousel, with its caption and link text per portal language. */
export interface ServiceSlide {
  fileUrl: string;
  description?: string;
  link?: string;
  linkText?: string;
  texts?: Record<string, { description?: string; linkText?: string }>;
}

/** A service's theme: a base theme and the token overrides a service may set (colours, fonts, radii). */
export interface ServiceTheme {
  name: string;
  overrides?: {
    colors?: Record<string, string>;
    font?: Record<string, string>;
    radius?: Record<string, string>;
  };
}

export interface ServiceBranding {
  title?: string;
  language?: string;
  logoUrl?: string;
  titleLogoUrl?: string;
  signUpUrl?: string;
  carousel?: ServiceSlide[];
  theme?: ServiceTheme;
}

/** What an operator edits of a service (no secret: the server makes it). */
export interface ServiceFields {
  id: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string;
  serviceUrl?: string;
  grantTypes?: GrantType[];
  tokenEndpointAuthMethod?: AuthMethod;
  branding?: ServiceBranding;
}

/** A service as the console lists it: its fields, whether it is confidential, and a rotation's overlap. */
export interface ServiceItem extends ServiceFields {
  confidential: boolean;
  /** Until when the previous secret still works (epoch ms), during a rotation's overlap; else null. */
  previousSecretUntil: number | null;
}

/** `GET /services`: the services and the stored version they come from (null: none stored yet). */
export interface ServiceList {
  version: number | null;
  services: ServiceItem[];
}

/** `POST /services`: a new service; `confidential` asks the server for a secret. */
export interface ServiceCreateRequest {
  service: ServiceFields;
  confidential: boolean;
  reason: string;
}

/** `PUT /services/<id>`: the service's new fields (its id and confidentiality stay). */
export interface ServiceUpdateRequest {
  service: ServiceFields;
  reason: string;
  /** The clients version the form was opened on (required once the services have one): a change of this service since is refused (409), never overwritten. */
  baseVersion?: number;
}

/** `POST /services/<id>/secret`: a new secret; the old one works `overlapHours` longer (0: stops now). */
export interface SecretRotateRequest {
  overlapHours: number;
  reason: string;
}

/** The longest overlap of a rotation: a week. */
export const OVERLAP_MAX_HOURS = 168;

/** A service saved, and its new secret when one was made: shown once, kept nowhere. */
export interface ServiceSaved {
  service: ServiceItem;
  secret?: string;
  version: number;
}

/** `GET /services/themes`: the base themes a service may pick, with the colours its overrides start from. */
export interface BaseThemeColors {
  name: string;
  colors: Record<string, string>;
  font: Record<string, string>;
  radius: Record<string, string>;
}

/** `POST /services/images`: an image as base64; answered with the address the portal serves it at. */
export interface ImageUpload {
  contentType: ImageType;
  data: string;
}

export interface ImageStored {
  url: string;
}

/** `result` of a 400 -10020 from a save: what the clients check refused, or the colours below AA. */
export interface ServiceRefusal {
  field?: string;
  problems?: string[];
  contrast?: ContrastProblem[];
}
