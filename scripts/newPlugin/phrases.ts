import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../core/i18n/languages';

/**
 * The few sentences a scaffolded plugin starts with, in every language, so a new plugin passes the
 * locales test (which refuses English copies) on its first run. A plugin's title is its name and is
 * written as-is in every language; everything else it says comes from here until its author
 * replaces it. A language added to LANGUAGES without a row here fails scripts/new-plugin.test.ts.
 */
export interface Phrases {
  /** The page's text until the plugin has its own. */
  nothingYet: string;
  /** A login view's way back. */
  backToSignIn: string;
  /** An interrupt step's way on. */
  continue: string;
}

export const PHRASES: Record<string, Phrases> = {
  en_US: { nothingYet: 'There is nothing here yet.', backToSignIn: 'Back to sign in', continue: 'Continue' },
  ar_SA: { nothingYet: 'لا يوجد شيء هنا بعد.', backToSignIn: 'العودة إلى تسجيل الدخول', continue: 'متابعة' },
  bg_BG: { nothingYet: 'Тук все още няма нищо.', backToSignIn: 'Обратно към влизането', continue: 'Продължи' },
  cs_CZ: { nothingYet: 'Zatím tu nic není.', backToSignIn: 'Zpět na přihlášení', continue: 'Pokračovat' },
  de_DE: { nothingYet: 'Hier gibt es noch nichts.', backToSignIn: 'Zurück zur Anmeldung', continue: 'Weiter' },
  es_ES: { nothingYet: 'Aquí todavía no hay nada.', backToSignIn: 'Volver a iniciar sesión', continue: 'Continuar' },
  fr_FR: { nothingYet: 'Il n’y a encore rien ici.', backToSignIn: 'Retour à la connexion', continue: 'Continuer' },
  hu_HU: { nothingYet: 'Itt még nincs semmi.', backToSignIn: 'Vissza a bejelentkezéshez', continue: 'Tovább' },
  it_IT: { nothingYet: 'Qui non c’è ancora niente.', backToSignIn: 'Torna all’accesso', continue: 'Continua' },
  ja_JP: { nothingYet: 'ここにはまだ何もありません。', backToSignIn: 'サインインに戻る', continue: '続行' },
  ko_KR: { nothingYet: '아직 여기에는 아무것도 없습니다.', backToSignIn: '로그인으로 돌아가기', continue: '계속' },
  nl_NL: { nothingYet: 'Hier staat nog niets.', backToSignIn: 'Terug naar aanmelden', continue: 'Doorgaan' },
  pl_PL: { nothingYet: 'Nic tu jeszcze nie ma.', backToSignIn: 'Powrót do logowania', continue: 'Dalej' },
  pt_PT: { nothingYet: 'Ainda não há nada aqui.', backToSignIn: 'Voltar ao início de sessão', continue: 'Continuar' },
  ro_RO: { nothingYet: 'Aici nu este încă nimic.', backToSignIn: 'Înapoi la autentificare', continue: 'Continuă' },
  ru_RU: { nothingYet: 'Здесь пока ничего нет.', backToSignIn: 'Назад ко входу', continue: 'Продолжить' },
  sk_SK: { nothingYet: 'Zatiaľ tu nič nie je.', backToSignIn: 'Späť na prihlásenie', continue: 'Pokračovať' },
  sr_RS: { nothingYet: 'Ovde još uvek nema ničega.', backToSignIn: 'Nazad na prijavljivanje', continue: 'Nastavi' },
  tr_TR: { nothingYet: 'Burada henüz bir şey yok.', backToSignIn: 'Oturum açmaya dön', continue: 'Devam et' },
  uk_UA: { nothingYet: 'Тут поки що нічого немає.', backToSignIn: 'Назад до входу', continue: 'Продовжити' },
  zh_TW: { nothingYet: '這裡目前還沒有內容。', backToSignIn: '返回登入', continue: '繼續' },
};

/** The phrases of every language, or the languages the table lacks. */
export function phrasesByLanguage(): { phrases: Map<LanguageCode, Phrases>; missing: LanguageCode[] } {
  const phrases = new Map<LanguageCode, Phrases>();
  const missing: LanguageCode[] = [];
  for (const lang of LANGUAGE_CODES) {
    const row = PHRASES[lang];
    if (row) phrases.set(lang, row);
    else missing.push(lang);
  }
  if (!phrases.has(DEFAULT_LANGUAGE)) missing.push(DEFAULT_LANGUAGE);
  return { phrases, missing };
}
