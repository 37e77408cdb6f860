/**
 * Under enumeration protection a reset or a registration answers the same whether the address
 * has an account; its owner learns by mail instead: "no account for this address" after a reset
 * request, "you already have a Unified ID" after a registration. At most one of each kind per
 * address a minute, so the portal cannot be used to flood a mailbox.
 */
import type { Ctx } from '../context';
import type { MailKind } from '../mail/texts';

export type OwnerNotice = Extract<MailKind, 'noAccount' | 'alreadyRegistered'>;

/** The portal's login page, where one signs in, signs up or asks for a reset link. */
export function loginPageLink(ctx: Ctx, language: string): string {
  const url = new URL('/login', ctx.options.publicOrigin);
  url.searchParams.set('lang', language);
  return url.toString();
}

/** Mails `kind` to `email` unless one went there in the last minute; returns whether it sent. */
export async function sendOwnerNotice(ctx: Ctx, kind: OwnerNotice, email: string, language: string, name: string): Promise<boolean> {
  if ((await ctx.quietMails.take(`${kind}:${email}`, 1)) !== null) return false;
  await ctx.mailer.send({ to: email, kind, language, vars: { email, name, link: loginPageLink(ctx, language) } });
  return true;
}
