/** The console's client lives in the plugin API (sections of other plugins use it too). */
export { fetchOpsClient, needsConfirmation, type OpsClient, OpsClientContext, useOps } from '@portal/plugin-api';
