/**
 * The plugin API for a start script: a page the server serves instead of the app, for a step
 * that needs no React (plugins/authorize/loginStart.ts). Small pure modules only: everything
 * here ships in a script of a few hundred bytes.
 */
export { default as bundledDeploymentConfig } from 'virtual:portal-config';
export { carryLoginParams } from '../login/carry';
export { DEFAULT_LANGUAGE, isLanguageCode } from '../i18n/languages';
export { STORAGE_KEYS } from '../session/storage';
