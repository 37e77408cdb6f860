import type { UpdateInfoRequest, UserProfile } from '../contract/account';
import type { UserInfo } from '../contract/api';
import type { HttpClient } from '../http/client';
import type { LanguageCode } from '../i18n/languages';
import { appStore, setUser, userAtom } from './session';

/**
 * A signed-in person chose a language in the account area: it becomes the account's (the Account page
 * shows it, mails are written in it) at once, and is saved with `POST /account/updateInfo {language}`.
 * A refused save puts the account's language back and throws, for the caller to say so.
 */
export async function keepAccountLanguage(http: Pick<HttpClient, 'post'>, user: UserInfo, language: LanguageCode): Promise<void> {
  if (user.language === language) return;
  setUser({ ...user, language });
  try {
    const saved = await http.post<UserProfile>('/account/updateInfo', { email: user.email, accountId: user.accountId, language } satisfies UpdateInfoRequest);
    // Only the language: the user info held may carry fields this call's answer and the page do not share.
    const now = appStore.get(userAtom);
    if (now && now.accountId === user.accountId) setUser({ ...now, language: saved?.language ?? language });
  } catch (error) {
    const now = appStore.get(userAtom);
    if (now && now.accountId === user.accountId && now.language === language) setUser({ ...now, language: user.language });
    throw error;
  }
}
