/** The console's session lives in the plugin API (sections of other plugins use it too). */
export { type ConsoleSession, ConsoleContext, useConsole } from '@portal/plugin-api';
