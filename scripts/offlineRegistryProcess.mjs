// `node scripts/offlineRegistryProcess.mjs`, forked by checkRegistriesApart (scripts/offlineRegistry.ts):
// takes { root, targets } over IPC, builds each config's plugin registry with checkRegistries and sends
// back what it found. Plain JavaScript on purpose: in a process without tsx's loader hooks, React and the
// UI libraries load natively (a second faster), and what the plugins do at start (a global `window`, a
// late timer) stays in this process. The TypeScript is evaluated by the Vite server it opens.
import { fileURLToPath } from 'node:url';
import { openOfflinePortal } from './offlinePortal.mjs';

process.once('message', async ({ root, targets }) => {
  let reply;
  const portal = await openOfflinePortal(root);
  try {
    const host = await portal.page();
    const { checkRegistries } = await host.import(`/@fs${fileURLToPath(new URL('./offlineRegistry.ts', import.meta.url))}`);
    reply = { found: [...(await checkRegistries(root, targets, portal))] };
  } catch (err) {
    reply = { error: err instanceof Error ? err.message : String(err) };
  } finally {
    await portal.close();
  }
  process.send(reply, () => process.exit(0));
});
