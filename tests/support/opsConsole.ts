/**
 * The ops console's first admin in the e2e files, made as an operator makes one: `npm run
 * ops:add-admin <email>` against a running portal's settings (its data folder, port and origin, and
 * any shared store), returning the enrolment link it prints.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import type { RunningPortal } from './portal';

export async function addAdminLink(portal: RunningPortal, email: string, env: Record<string, string> = {}): Promise<string> {
  const port = new URL(portal.url).port;
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'ops:add-admin', email], { env: { ...process.env, ...env, DATA_DIR: portal.dataDir, PORT: port, PUBLIC_ORIGIN: portal.url }, timeout: 60_000 });
  const link = /http:\/\/localhost:\d+\/ops\/enrol#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`ops:add-admin printed no enrolment link:\n${stdout}`);
  return link;
}

/** An authenticator app's code for `secret`, `offsetSteps` 30-second steps from now. */
export function operatorTotp(secret: string, offsetSteps = 0): string {
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + offsetSteps * 30_000 });
}
