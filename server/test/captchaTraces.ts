/** The captcha's drag traces, kept beside the captcha's server half (plugins/captcha/server/captchaTraces.ts). */
export * from '../../plugins/captcha/server/captchaTraces';
