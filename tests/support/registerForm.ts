import type { Page } from 'playwright-core';

/** Picks `name` in the register form's country combobox (typed, then the option clicked). */
export async function chooseCountry(page: Page, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Country/region' });
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

export interface Registration {
  email: string;
  password: string;
  country: string;
  firstName: string;
  lastName: string;
}

/** Fills the open register view, accepts the terms and sends it with 'Create ID'. */
export async function submitRegistration(page: Page, r: Registration): Promise<void> {
  await page.getByLabel(/^Email/).fill(r.email);
  await page.getByLabel(/^Password/).fill(r.password);
  await chooseCountry(page, r.country);
  await page.getByLabel(/^First name/).fill(r.firstName);
  await page.getByLabel(/^Last name/).fill(r.lastName);
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Create ID' }).click();
}
