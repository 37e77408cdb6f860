/**
 * The service form's values, its rules (yup, as the portal's other forms) and the conversions
 * between the form, what the server takes (ServiceFields) and what the login page shows
 * (LoginPageInfo, for the live preview). The server checks everything again (the clients check,
 * contrast); these rules only say early what it would refuse.
 */
import { type LoginPageInfo } from '@portal/plugin-api';
import * as yup from 'yup';
import type { AuthMethod, GrantType, ServiceFields, ServiceItem, ServiceSlide } from './contract';

/** The colour tokens the form offers (the ones the contrast check reads, and the border). */
export const COLOR_TOKENS = ['primary', 'primaryHover', 'primaryText', 'text', 'textMuted', 'background', 'surface', 'border', 'danger'] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];
export const RADIUS_TOKENS = ['sm', 'md', 'lg'] as const;

export interface SlideValues {
  fileUrl: string;
  description: string;
  link: string;
  linkText: string;
  /** Per portal language: caption and link text. */
  texts: Array<{ language: string; description: string; linkText: string }>;
}

export interface ServiceFormValues {
  id: string;
  name: string;
  /** One URI a line. */
  redirectUris: string;
  postLogoutRedirectUris: string;
  backchannelLogoutUri: string;
  serviceUrl: string;
  confidential: boolean;
  authMethod: AuthMethod;
  refreshTokens: boolean;
  title: string;
  language: string;
  logoUrl: string;
  titleLogoUrl: string;
  signUpUrl: string;
  slides: SlideValues[];
  /** '' : the deployment's theme. */
  themeName: string;
  colors: Record<ColorToken, string>;
  fontFamily: string;
  radius: Record<(typeof RADIUS_TOKENS)[number], string>;
  reason: string;
}

const emptyColors = () => Object.fromEntries(COLOR_TOKENS.map((k) => [k, ''])) as Record<ColorToken, string>;

export const EMPTY_SERVICE: ServiceFormValues = {
  id: '',
  name: '',
  redirectUris: '',
  postLogoutRedirectUris: '',
  backchannelLogoutUri: '',
  serviceUrl: '',
  confidential: true,
  authMethod: 'client_secret_basic',
  refreshTokens: true,
  title: '',
  language: '',
  logoUrl: '',
  titleLogoUrl: '',
  signUpUrl: '',
  slides: [],
  themeName: '',
  colors: emptyColors(),
  fontFamily: '',
  radius: { sm: '', md: '', lg: '' },
  reason: '',
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's values of a service the server listed. */
export function formValuesOf(service: ServiceItem): ServiceFormValues {
  const b = service.branding ?? {};
  const o = b.theme?.overrides;
  return {
    ...EMPTY_SERVICE,
    id: service.id,
    name: service.name,
    redirectUris: service.redirectUris.join('\n'),
    postLogoutRedirectUris: (service.postLogoutRedirectUris ?? []).join('\n'),
    backchannelLogoutUri: service.backchannelLogoutUri ?? '',
    serviceUrl: service.serviceUrl ?? '',
    confidential: service.confidential,
    authMethod: service.tokenEndpointAuthMethod ?? 'client_secret_basic',
    refreshTokens: !service.grantTypes || service.grantTypes.includes('refresh_token'),
    title: b.title ?? '',
    language: b.language ?? '',
    logoUrl: b.logoUrl ?? '',
    titleLogoUrl: b.titleLogoUrl ?? '',
    signUpUrl: b.signUpUrl ?? '',
    slides: (b.carousel ?? []).map((s) => ({
      fileUrl: s.fileUrl,
      description: s.description ?? '',
      link: s.link ?? '',
      linkText: s.linkText ?? '',
      texts: Object.entries(s.texts ?? {}).map(([language, t]) => ({ language, description: t.description ?? '', linkText: t.linkText ?? '' })),
    })),
    themeName: b.theme?.name ?? '',
    colors: { ...emptyColors(), ...Object.fromEntries(COLOR_TOKENS.map((k) => [k, o?.colors?.[k] ?? ''])) },
    fontFamily: o?.font?.family ?? '',
    radius: { sm: o?.radius?.sm ?? '', md: o?.radius?.md ?? '', lg: o?.radius?.lg ?? '' },
  };
}

const nonEmpty = (record: Record<string, string>) => {
  const kept = Object.entries(record).filter(([, v]) => v.trim());
  return kept.length ? Object.fromEntries(kept.map(([k, v]) => [k, v.trim()])) : undefined;
};
const opt = (v: string) => v.trim() || undefined;

function slideOf(s: SlideValues): ServiceSlide {
  const texts = Object.fromEntries(
    s.texts.filter((t) => t.language && (t.description.trim() || t.linkText.trim())).map((t) => [t.language, { ...(opt(t.description) ? { description: t.description.trim() } : {}), ...(opt(t.linkText) ? { linkText: t.linkText.trim() } : {}) }]),
  );
  return {
    fileUrl: s.fileUrl.trim(),
    ...(opt(s.description) ? { description: s.description.trim() } : {}),
    ...(opt(s.link) ? { link: s.link.trim() } : {}),
    ...(opt(s.linkText) ? { linkText: s.linkText.trim() } : {}),
    ...(Object.keys(texts).length ? { texts } : {}),
  };
}

/** The theme's overrides as the form holds them: colours, font, radii (empty ones left out). */
export function overridesOf(v: Pick<ServiceFormValues, 'colors' | 'fontFamily' | 'radius'>) {
  const colors = nonEmpty(v.colors);
  const font = nonEmpty({ family: v.fontFamily });
  const radius = nonEmpty(v.radius);
  const overrides = { ...(colors ? { colors } : {}), ...(font ? { font } : {}), ...(radius ? { radius } : {}) };
  return Object.keys(overrides).length ? overrides : undefined;
}

/** What the server takes of the form. */
export function serviceFieldsOf(v: ServiceFormValues): ServiceFields {
  const grants: GrantType[] = v.refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'];
  const overrides = overridesOf(v);
  const slides = v.slides.filter((s) => s.fileUrl.trim()).map(slideOf);
  const branding = {
    ...(opt(v.title) ? { title: v.title.trim() } : {}),
    ...(opt(v.language) ? { language: v.language } : {}),
    ...(opt(v.logoUrl) ? { logoUrl: v.logoUrl.trim() } : {}),
    ...(opt(v.titleLogoUrl) ? { titleLogoUrl: v.titleLogoUrl.trim() } : {}),
    ...(opt(v.signUpUrl) ? { signUpUrl: v.signUpUrl.trim() } : {}),
    ...(slides.length ? { carousel: slides } : {}),
    ...(v.themeName ? { theme: { name: v.themeName, ...(overrides ? { overrides } : {}) } } : {}),
  };
  const postLogout = lines(v.postLogoutRedirectUris);
  return {
    id: v.id.trim(),
    name: v.name.trim(),
    redirectUris: lines(v.redirectUris),
    ...(postLogout.length ? { postLogoutRedirectUris: postLogout } : {}),
    ...(opt(v.backchannelLogoutUri) ? { backchannelLogoutUri: v.backchannelLogoutUri.trim() } : {}),
    ...(opt(v.serviceUrl) ? { serviceUrl: v.serviceUrl.trim() } : {}),
    grantTypes: grants,
    ...(v.confidential ? { tokenEndpointAuthMethod: v.authMethod } : {}),
    ...(Object.keys(branding).length ? { branding } : {}),
  };
}

/** The login page's info for the preview: what the server would answer for this service once saved. */
export function previewInfoOf(v: ServiceFormValues): LoginPageInfo {
  const fields = serviceFieldsOf(v);
  const b = fields.branding ?? {};
  return {
    carouselInfos: (b.carousel ?? []).map((s, i) => ({
      fileUrl: s.fileUrl,
      id: `${fields.id || 'preview'}-${i + 1}`,
      orderValue: i + 1,
      description: s.description ?? null,
      link: s.link ?? null,
      linkText: s.linkText ?? null,
      ...(s.texts ? { texts: s.texts } : {}),
    })),
    language: b.language ?? null,
    title: b.title ?? null,
    titleLogoUrl: b.titleLogoUrl ?? null,
    logoUrl: b.logoUrl ?? null,
    signUpUrl: b.signUpUrl ?? null,
    theme: b.theme ?? null,
    clientId: fields.id || 'preview',
    clientName: fields.name,
  };
}

/** An absolute http(s) URL without a fragment; https unless `allowHttp` (development) or on a loopback host. */
export function uriProblem(value: string, allowHttp: boolean): 'absolute' | 'fragment' | 'https' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'absolute';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'absolute';
  if (url.hash || value.endsWith('#')) return 'fragment';
  if (url.protocol === 'http:' && !allowHttp && !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) return 'https';
  return null;
}

/** A link of the login page: an absolute http(s) URL or a path of the portal ('/x', not '//x'). */
const linkOk = (v: string | undefined) => !v || /^\/(?![/\\])/.test(v) || uriProblem(v, true) === null;

/** The form's rules; `allowHttp`: the portal runs in development (the server decides in the end). */
export function serviceSchema(allowHttp: boolean) {
  const uriLines = (required: boolean) =>
    yup
      .string()
      .default('')
      .test('uris', 'uri', function check(value) {
        const all = lines(value ?? '');
        if (required && all.length === 0) return this.createError({ message: 'uriRequired' });
        const bad = all.map((u) => [u, uriProblem(u, allowHttp)] as const).find(([, p]) => p);
        return bad ? this.createError({ message: `uri.${bad[1]}`, params: { uri: bad[0] } }) : true;
      });
  const oneUri = yup
    .string()
    .default('')
    .test('uri', 'uri', function check(value) {
      if (!value?.trim()) return true;
      const problem = uriProblem(value.trim(), allowHttp);
      return problem ? this.createError({ message: `uri.${problem}`, params: { uri: value.trim() } }) : true;
    });
  const link = yup
    .string()
    .default('')
    .test('link', 'link', (v) => linkOk(v?.trim()));
  return yup.object({
    id: yup
      .string()
      .default('')
      .required('idRequired')
      .matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'idFormat'),
    name: yup.string().default('').trim().required('nameRequired').max(100, 'tooLong'),
    redirectUris: uriLines(true),
    postLogoutRedirectUris: uriLines(false),
    backchannelLogoutUri: oneUri,
    serviceUrl: oneUri,
    title: yup.string().default('').max(100, 'tooLong'),
    logoUrl: link,
    titleLogoUrl: link,
    signUpUrl: link,
    reason: yup.string().default('').trim().min(3, 'reasonRequired').max(500, 'tooLong'),
  });
}
