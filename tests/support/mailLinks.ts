import type { Page } from 'playwright-core';

/** Is this mailed link the activation page's (`/login?module=activation…#token=…`)? */
export const isActivationLink = (link: string): boolean => link.includes('/login?module=activation');

/**
 * Opens an activation link as the person would: the activation page confirms, and its
 * "Sign in" leads to the portal's sign-in (a login session of its own) with the address filled in.
 */
export async function activateAndGoToSignIn(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Your ID is activated' }).waitFor();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/login\?session_code=/);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** A mail of the development outbox as `/dev/mail.json` lists it. */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  kind: string;
  createdAt: number;
}
