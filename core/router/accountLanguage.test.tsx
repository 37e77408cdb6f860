import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { HttpClient } from '../http/client';
import { initI18n } from '../i18n/i18n';
import { setUser, userAtom } from '../session/session';
import { renderPortal, testRegistry } from '../testing/portalHarness';
import { demoUser } from '../testing/StoryPortal';
import { AccountShell } from './AccountShell';

function AccountLanguage() {
  return <p>account language: {useAtomValue(userAtom)?.language}</p>;
}

describe("the account area's language menu", () => {
  it("makes the chosen language the account's at once (what the Account page shows, and the mails' language), saved with updateInfo", async () => {
    // The menu switches the portal's own i18next instance (chooseLanguage), as in the app.
    await initI18n('en_US', []);
    setUser({ ...demoUser, language: 'en_US' });
    const post = vi.fn(async (_path: string, body: { language: string }) => ({ ...demoUser, language: body.language }));
    renderPortal(
      <Route path="/accountSetting" nest>
        <AccountShell>
          <AccountLanguage />
        </AccountShell>
      </Route>,
      { registry: await testRegistry([]), http: { post } as unknown as HttpClient, path: '/accountSetting/account' },
    );
    await userEvent.click(screen.getByRole('button', { name: /English/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByText('account language: fr_FR')).toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/account/updateInfo', { email: demoUser.email, accountId: demoUser.accountId, language: 'fr_FR' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'));
  });
});
