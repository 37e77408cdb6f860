/**
 * `npm run ops:add-admin <email>`: makes the console's first admin (or invites one more) and
 * prints the one-time link where they choose a password and a second factor (valid 24 hours).
 * It reads the server's settings (DATA_DIR, DATABASE_URL…, SECRETS_KEY, PUBLIC_ORIGIN or PORT,
 * OPS_CONFIG): run it where the server runs. The server need not be running.
 */
import { withServerContext } from '@portal/server-api/command';
import { CLI_ACTOR, CLI_INVITE_MS, inviteOperator } from './operators';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run ops:add-admin <email>');
  process.exit(2);
}
try {
  const link = await withServerContext(async (ctx) => {
    if (!ctx.options.opsConfigFile) throw new Error('The ops console is off here (OPS_CONFIG=off, or production without OPS_CONFIG).');
    const { link } = await inviteOperator(ctx, { email, role: 'admin', by: CLI_ACTOR, reason: 'npm run ops:add-admin', lastsMs: CLI_INVITE_MS });
    return link;
  });
  console.log([`Invited ${email.trim().toLowerCase()} as an admin of the ops console.`, 'Open this link within 24 hours to choose a password and a second factor (passkey or authenticator app):', '', `  ${link}`, ''].join('\n'));
} catch (err) {
  console.error(`ops:add-admin: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
