/**
 * Console operators for the tests of the console's sections (plugins/<id>/server/*.test.ts reach
 * only this harness): an operator of a role, invited as `npm run ops:add-admin` would, enrolled
 * with an authenticator app and signed in.
 */
import * as OTPAuth from 'otpauth';
import type { OpsRole } from '../../core/contract/ops';
import { CLI_ACTOR, CLI_INVITE_MS, inviteOperator } from '../../plugins/ops-console/server/operators';
import { Client, type TestServer } from './harness';

export const OPERATOR_PASSWORD = 'Console-pass-2026!';

/** The authenticator app's code at the server's time (`offsetSteps` 30-second steps later). */
export function operatorCode(t: TestServer, secret: string, offsetSteps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: t.server.ctx.now() + offsetSteps * 30_000 });
}

/** A signed-in operator of `role`: their client and their authenticator app's secret. */
export async function enrolOperator(t: TestServer, email: string, role: OpsRole): Promise<{ c: Client; secret: string }> {
  const { link } = await inviteOperator(t.server.ctx, { email, role, by: CLI_ACTOR, reason: 'test', lastsMs: CLI_INVITE_MS });
  const token = link.slice(link.indexOf('#') + 1);
  const c = new Client(t.base);
  const { secret } = (await c.post('/api/ops/enrol/totp', { token })).body.result as { secret: string };
  const done = await c.post('/api/ops/enrol/complete', { token, password: OPERATOR_PASSWORD, factor: { type: 'totp', code: operatorCode(t, secret) } });
  if (done.status !== 200) throw new Error(`enrolling ${email} failed: ${JSON.stringify(done.body)}`);
  return { c, secret };
}
