/** The language menu is the core's (the account area's header shows it too). */
export { LANGUAGE_MENU_MAX_HEIGHT, LanguageMenu } from '@portal/plugin-api';
