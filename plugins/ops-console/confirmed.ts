/** Dangerous actions' confirmation lives in the plugin API (sections of other plugins use it too). */
export { runConfirmed } from '@portal/plugin-api';
