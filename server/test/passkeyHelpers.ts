/** Passkey set-up for server tests: registered from the security page as a person would. */
import { expect } from 'vitest';
import { Client, DEMO_PASSWORD, signIn, unlock, type TestServer } from './harness';
import { SoftAuthenticator } from './softAuthenticator';

type Json = Record<string, unknown>;

/** Signs in with the password, unlocks, and registers a passkey on `device`. */
export async function withPasskey(t: TestServer, email: string, device = new SoftAuthenticator(t.base), name = 'Laptop') {
  const c = new Client(t.base);
  await signIn(c, email, DEMO_PASSWORD);
  await unlock(c, DEMO_PASSWORD);
  const options = (await c.post('/api/passkeys/register/options', undefined, { auth: true, security: true })).body.result.options as Json;
  const res = await c.post('/api/passkeys/register', { response: device.create(options), name }, { auth: true, security: true });
  expect(res.status).toBe(200);
  const accountId = (await c.get('/api/user-info', { auth: true })).body.result.accountId as string;
  return { c, device, accountId, passkey: res.body.result.passkey as { id: string; name: string } };
}
