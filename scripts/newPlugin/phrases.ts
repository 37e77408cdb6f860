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
  /** What a page with a server half (`--server`) shows of its answer: the account's region by name. */
  storedIn: string;
}

export const PHRASES: Record<string, Phrases> = {
  en_US: { nothingYet: 'There is nothing here yet.', backToSignIn: 'Back to sign in', continue: 'Continue', storedIn: 'Your data is stored in: {{region}}' },
  ar_SA: { nothingYet: 'لا يوجد شيء هنا بعد.', backToSignIn: 'العودة إلى تسجيل الدخول', continue: 'متابعة', storedIn: 'بياناتك مخزَّنة في: {{region}}' },
  bg_BG: { nothingYet: 'Тук все още няма нищо.', backToSignIn: 'Обратно към влизането', continue: 'Продължи', storedIn: 'Вашите данни се съхраняват в: {{region}}' },
  cs_CZ: { nothingYet: 'Zatím tu nic není.', backToSignIn: 'Zpět na přihlášení', continue: 'Pokračovat', storedIn: 'Vaše data jsou uložena v oblasti: {{region}}' },
  de_DE: { nothingYet: 'Hier gibt es noch nichts.', backToSignIn: 'Zurück zur Anmeldung', continue: 'Weiter', storedIn: 'Ihre Daten sind gespeichert in: {{region}}' },
  es_ES: { nothingYet: 'Aquí todavía no hay nada.', backToSignIn: 'Volver a iniciar sesión', continue: 'Continuar', storedIn: 'Sus datos se almacenan en: {{region}}' },
  fr_FR: { nothingYet: 'Il n’y a encore rien ici.', backToSignIn: 'Retour à la connexion', continue: 'Continuer', storedIn: 'Vos données sont stockées dans : {{region}}' },
  hu_HU: { nothingYet: 'Itt még nincs semmi.', backToSignIn: 'Vissza a bejelentkezéshez', continue: 'Tovább', storedIn: 'Adatai itt vannak tárolva: {{region}}' },
  it_IT: { nothingYet: 'Qui non c’è ancora niente.', backToSignIn: 'Torna all’accesso', continue: 'Continua', storedIn: 'I dati sono archiviati in: {{region}}' },
  ja_JP: { nothingYet: 'ここにはまだ何もありません。', backToSignIn: 'サインインに戻る', continue: '続行', storedIn: 'データの保存場所: {{region}}' },
  ko_KR: { nothingYet: '아직 여기에는 아무것도 없습니다.', backToSignIn: '로그인으로 돌아가기', continue: '계속', storedIn: '데이터가 저장된 위치: {{region}}' },
  nl_NL: { nothingYet: 'Hier staat nog niets.', backToSignIn: 'Terug naar aanmelden', continue: 'Doorgaan', storedIn: 'Uw gegevens zijn opgeslagen in: {{region}}' },
  pl_PL: { nothingYet: 'Nic tu jeszcze nie ma.', backToSignIn: 'Powrót do logowania', continue: 'Dalej', storedIn: 'Twoje dane są przechowywane w: {{region}}' },
  pt_PT: { nothingYet: 'Ainda não há nada aqui.', backToSignIn: 'Voltar ao início de sessão', continue: 'Continuar', storedIn: 'Os seus dados estão armazenados em: {{region}}' },
  ro_RO: { nothingYet: 'Aici nu este încă nimic.', backToSignIn: 'Înapoi la autentificare', continue: 'Continuă', storedIn: 'Datele dvs. sunt stocate în: {{region}}' },
  ru_RU: { nothingYet: 'Здесь пока ничего нет.', backToSignIn: 'Назад ко входу', continue: 'Продолжить', storedIn: 'Ваши данные хранятся в регионе: {{region}}' },
  sk_SK: { nothingYet: 'Zatiaľ tu nič nie je.', backToSignIn: 'Späť na prihlásenie', continue: 'Pokračovať', storedIn: 'Vaše údaje sú uložené v regióne: {{region}}' },
  sr_RS: { nothingYet: 'Ovde još uvek nema ničega.', backToSignIn: 'Nazad na prijavljivanje', continue: 'Nastavi', storedIn: 'Vaši podaci se čuvaju u regionu: {{region}}' },
  tr_TR: { nothingYet: 'Burada henüz bir şey yok.', backToSignIn: 'Oturum açmaya dön', continue: 'Devam et', storedIn: 'Verilerinizin depolandığı yer: {{region}}' },
  uk_UA: { nothingYet: 'Тут поки що нічого немає.', backToSignIn: 'Назад до входу', continue: 'Продовжити', storedIn: 'Ваші дані зберігаються в регіоні: {{region}}' },
  zh_TW: { nothingYet: '這裡目前還沒有內容。', backToSignIn: '返回登入', continue: '繼續', storedIn: '您的資料儲存於：{{region}}' },
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
