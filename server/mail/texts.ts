/**
 * Mail texts: a subject and a body for every mail kind in each of the 20 portal languages
 * (core/i18n/languages.ts). Both tables are typed `Record<LanguageCode, Texts>`, so the
 * compiler rejects a missing language or kind; a mail is always written in the user's
 * language, and only an unknown language code falls back to English (en_US). Placeholders
 * look like {name}; values are plain text (HTML is escaped by the renderer). "Unified ID" is a
 * product name and stays untranslated.
 */
import { isLanguageCode, type LanguageCode } from '../../core/i18n/languages';

export const MAIL_KINDS = ['activation', 'reset', 'emailCode', 'invitation', 'passwordChanged'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

type Texts = Readonly<Record<MailKind, string>>;

export const SUBJECTS: Readonly<Record<LanguageCode, Texts>> = {
  en_US: { activation: 'Activate your Unified ID', reset: 'Reset your Unified ID password', emailCode: 'Your verification code: {code}', invitation: '{inviter} invites you to join {org}', passwordChanged: 'Your Unified ID password was changed' },
  cs_CZ: { activation: 'Aktivujte své Unified ID', reset: 'Obnovení hesla Unified ID', emailCode: 'Váš ověřovací kód: {code}', invitation: '{inviter} vás zve do {org}', passwordChanged: 'Heslo Unified ID bylo změněno' },
  de_DE: { activation: 'Aktivieren Sie Ihre Unified ID', reset: 'Passwort Ihrer Unified ID zurücksetzen', emailCode: 'Ihr Bestätigungscode: {code}', invitation: '{inviter} lädt Sie zu {org} ein', passwordChanged: 'Ihr Unified-ID-Passwort wurde geändert' },
  fr_FR: { activation: 'Activez votre Unified ID', reset: 'Réinitialisez le mot de passe de votre Unified ID', emailCode: 'Votre code de vérification : {code}', invitation: '{inviter} vous invite à rejoindre {org}', passwordChanged: 'Le mot de passe de votre Unified ID a été modifié' },
  es_ES: { activation: 'Active su Unified ID', reset: 'Restablezca la contraseña de su Unified ID', emailCode: 'Su código de verificación: {code}', invitation: '{inviter} le invita a unirse a {org}', passwordChanged: 'La contraseña de su Unified ID ha cambiado' },
  nl_NL: { activation: 'Activeer uw Unified ID', reset: 'Wachtwoord van uw Unified ID opnieuw instellen', emailCode: 'Uw verificatiecode: {code}', invitation: '{inviter} nodigt u uit voor {org}', passwordChanged: 'Uw Unified ID-wachtwoord is gewijzigd' },
  it_IT: { activation: 'Attiva il tuo Unified ID', reset: 'Reimposta la password del tuo Unified ID', emailCode: 'Il tuo codice di verifica: {code}', invitation: '{inviter} ti invita a unirti a {org}', passwordChanged: 'La password del tuo Unified ID è stata modificata' },
  pl_PL: { activation: 'Aktywuj swój Unified ID', reset: 'Zresetuj hasło Unified ID', emailCode: 'Twój kod weryfikacyjny: {code}', invitation: '{inviter} zaprasza Cię do {org}', passwordChanged: 'Hasło Unified ID zostało zmienione' },
  pt_PT: { activation: 'Ative o seu Unified ID', reset: 'Redefina a palavra-passe do seu Unified ID', emailCode: 'O seu código de verificação: {code}', invitation: '{inviter} convida-o para {org}', passwordChanged: 'A palavra-passe do seu Unified ID foi alterada' },
  ru_RU: { activation: 'Активируйте свой Unified ID', reset: 'Сброс пароля Unified ID', emailCode: 'Ваш код подтверждения: {code}', invitation: '{inviter} приглашает вас в {org}', passwordChanged: 'Пароль Unified ID изменён' },
  tr_TR: { activation: "Unified ID'nizi etkinleştirin", reset: 'Unified ID parolanızı sıfırlayın', emailCode: 'Doğrulama kodunuz: {code}', invitation: '{inviter} sizi {org} kuruluşuna davet ediyor', passwordChanged: 'Unified ID parolanız değiştirildi' },
  ja_JP: { activation: 'Unified ID を有効化してください', reset: 'Unified ID のパスワードを再設定', emailCode: '確認コード: {code}', invitation: '{inviter} さんが {org} に招待しています', passwordChanged: 'Unified ID のパスワードが変更されました' },
  zh_TW: { activation: '啟用您的 Unified ID', reset: '重設您的 Unified ID 密碼', emailCode: '您的驗證碼：{code}', invitation: '{inviter} 邀請您加入 {org}', passwordChanged: '您的 Unified ID 密碼已變更' },
  ko_KR: { activation: 'Unified ID를 활성화하세요', reset: 'Unified ID 비밀번호 재설정', emailCode: '인증 코드: {code}', invitation: '{inviter}님이 {org}에 초대했습니다', passwordChanged: 'Unified ID 비밀번호가 변경되었습니다' },
  sk_SK: { activation: 'Aktivujte si Unified ID', reset: 'Obnovenie hesla Unified ID', emailCode: 'Váš overovací kód: {code}', invitation: '{inviter} vás pozýva do {org}', passwordChanged: 'Heslo Unified ID bolo zmenené' },
  hu_HU: { activation: 'Aktiválja Unified ID-ját', reset: 'Unified ID jelszó visszaállítása', emailCode: 'Ellenőrző kódja: {code}', invitation: '{inviter} meghívja a(z) {org} szervezetbe', passwordChanged: 'Unified ID jelszava megváltozott' },
  ro_RO: { activation: 'Activați Unified ID', reset: 'Resetați parola Unified ID', emailCode: 'Codul dvs. de verificare: {code}', invitation: '{inviter} vă invită în {org}', passwordChanged: 'Parola Unified ID a fost schimbată' },
  bg_BG: { activation: 'Активирайте своя Unified ID', reset: 'Нулиране на паролата за Unified ID', emailCode: 'Вашият код за потвърждение: {code}', invitation: '{inviter} ви кани в {org}', passwordChanged: 'Паролата за Unified ID е променена' },
  uk_UA: { activation: 'Активуйте свій Unified ID', reset: 'Скидання пароля Unified ID', emailCode: 'Ваш код підтвердження: {code}', invitation: '{inviter} запрошує вас до {org}', passwordChanged: 'Пароль Unified ID змінено' },
  sr_RS: { activation: 'Aktivirajte svoj Unified ID', reset: 'Resetujte lozinku za Unified ID', emailCode: 'Vaš verifikacioni kod: {code}', invitation: '{inviter} vas poziva u {org}', passwordChanged: 'Lozinka za Unified ID je promenjena' },
};

export const BODIES: Readonly<Record<LanguageCode, Texts>> = {
  en_US: {
    activation: 'Hello {name},\n\nplease activate your Unified ID by opening this link within 24 hours:\n{link}\n\nIf you did not register, ignore this email.',
    reset: 'Hello {name},\n\nto choose a new password for your Unified ID, open this link within 30 minutes:\n{link}\n\nIf you did not ask for this, ignore this email; your password stays unchanged.',
    emailCode: 'Hello {name},\n\nyour verification code is {code}. It is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.',
    invitation: 'Hello,\n\n{inviter} invites you to join the company {org} as {role}.\nAccept the invitation within 7 days:\n{link}',
    passwordChanged: 'Hello {name},\n\nthe password of your Unified ID was changed. If this was not you, reset your password at once:\n{link}',
  },
  cs_CZ: {
    activation: 'Dobrý den, {name},\n\naktivujte prosím své Unified ID otevřením tohoto odkazu do 24 hodin:\n{link}\n\nPokud jste se neregistrovali, tento e-mail ignorujte.',
    reset: 'Dobrý den, {name},\n\nchcete-li zvolit nové heslo ke svému Unified ID, otevřete do 30 minut tento odkaz:\n{link}\n\nPokud jste o to nežádali, tento e-mail ignorujte; vaše heslo zůstane beze změny.',
    emailCode: 'Dobrý den, {name},\n\nváš ověřovací kód je {code}. Platí 10 minut a lze jej použít pouze jednou.\n\nPokud jste se nepokoušeli přihlásit, změňte si heslo.',
    invitation: 'Dobrý den,\n\n{inviter} vás zve, abyste se připojili ke společnosti {org} jako {role}.\nPozvánku přijměte do 7 dnů:\n{link}',
    passwordChanged: 'Dobrý den, {name},\n\nheslo k vašemu Unified ID bylo změněno. Pokud jste to nebyli vy, okamžitě si heslo obnovte:\n{link}',
  },
  de_DE: {
    activation: 'Hallo {name},\n\nbitte aktivieren Sie Ihre Unified ID innerhalb von 24 Stunden über diesen Link:\n{link}\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    reset: 'Hallo {name},\n\nüber diesen Link wählen Sie innerhalb von 30 Minuten ein neues Passwort für Ihre Unified ID:\n{link}\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    emailCode: 'Hallo {name},\n\nIhr Bestätigungscode lautet {code}. Er gilt 10 Minuten und kann einmal verwendet werden.\n\nFalls Sie nicht versucht haben, sich anzumelden, ändern Sie Ihr Passwort.',
    invitation: 'Hallo,\n\n{inviter} lädt Sie als {role} in das Unternehmen {org} ein.\nNehmen Sie die Einladung innerhalb von 7 Tagen an:\n{link}',
    passwordChanged: 'Hallo {name},\n\ndas Passwort Ihrer Unified ID wurde geändert. Falls Sie das nicht waren, setzen Sie es sofort zurück:\n{link}',
  },
  fr_FR: {
    activation: 'Bonjour {name},\n\nactivez votre Unified ID en ouvrant ce lien dans les 24 heures :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    reset: 'Bonjour {name},\n\npour choisir un nouveau mot de passe de votre Unified ID, ouvrez ce lien dans les 30 minutes :\n{link}\n\nSi vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.',
    emailCode: 'Bonjour {name},\n\nvotre code de vérification est {code}. Il est valable 10 minutes et ne peut être utilisé qu’une seule fois.\n\nSi vous n’avez pas tenté de vous connecter, changez votre mot de passe.',
    invitation: 'Bonjour,\n\n{inviter} vous invite à rejoindre l’entreprise {org} en tant que {role}.\nAcceptez l’invitation dans les 7 jours :\n{link}',
    passwordChanged: 'Bonjour {name},\n\nle mot de passe de votre Unified ID a été modifié. Si ce n’était pas vous, réinitialisez-le immédiatement :\n{link}',
  },
  es_ES: {
    activation: 'Hola {name}:\n\nactive su Unified ID abriendo este enlace en las próximas 24 horas:\n{link}\n\nSi no se ha registrado, ignore este correo.',
    reset: 'Hola {name}:\n\npara elegir una nueva contraseña de su Unified ID, abra este enlace en los próximos 30 minutos:\n{link}\n\nSi no lo ha solicitado, ignore este correo; su contraseña no se modificará.',
    emailCode: 'Hola {name}:\n\nsu código de verificación es {code}. Es válido durante 10 minutos y solo puede usarse una vez.\n\nSi no ha intentado iniciar sesión, cambie su contraseña.',
    invitation: 'Hola:\n\n{inviter} le invita a unirse a la empresa {org} como {role}.\nAcepte la invitación en los próximos 7 días:\n{link}',
    passwordChanged: 'Hola {name}:\n\nla contraseña de su Unified ID ha cambiado. Si no fue usted, restablézcala de inmediato:\n{link}',
  },
  nl_NL: {
    activation: 'Beste {name},\n\nActiveer uw Unified ID door deze link binnen 24 uur te openen:\n{link}\n\nAls u zich niet hebt geregistreerd, kunt u deze e-mail negeren.',
    reset: 'Beste {name},\n\nOpen deze link binnen 30 minuten om een nieuw wachtwoord voor uw Unified ID te kiezen:\n{link}\n\nAls u hier niet om hebt gevraagd, kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',
    emailCode: 'Beste {name},\n\nUw verificatiecode is {code}. De code is 10 minuten geldig en kan één keer worden gebruikt.\n\nAls u niet hebt geprobeerd in te loggen, wijzig dan uw wachtwoord.',
    invitation: 'Goedendag,\n\n{inviter} nodigt u uit om u als {role} aan te sluiten bij het bedrijf {org}.\nAccepteer de uitnodiging binnen 7 dagen:\n{link}',
    passwordChanged: 'Beste {name},\n\nHet wachtwoord van uw Unified ID is gewijzigd. Als u dit niet zelf hebt gedaan, stel uw wachtwoord dan direct opnieuw in:\n{link}',
  },
  it_IT: {
    activation: 'Gentile {name},\n\nla invitiamo ad attivare il suo Unified ID aprendo questo link entro 24 ore:\n{link}\n\nSe non ha effettuato la registrazione, ignori questa email.',
    reset: 'Gentile {name},\n\nper scegliere una nuova password per il suo Unified ID, apra questo link entro 30 minuti:\n{link}\n\nSe non ha richiesto questa operazione, ignori questa email; la sua password resterà invariata.',
    emailCode: 'Gentile {name},\n\nil suo codice di verifica è {code}. È valido per 10 minuti e può essere utilizzato una sola volta.\n\nSe non ha tentato di accedere, cambi la sua password.',
    invitation: 'Buongiorno,\n\n{inviter} la invita a unirsi all’azienda {org} come {role}.\nAccetti l’invito entro 7 giorni:\n{link}',
    passwordChanged: 'Gentile {name},\n\nla password del suo Unified ID è stata modificata. Se non ha effettuato lei questa modifica, reimposti subito la password:\n{link}',
  },
  pl_PL: {
    activation: 'Dzień dobry, {name},\n\nprosimy o aktywację Unified ID przez otwarcie tego linku w ciągu 24 godzin:\n{link}\n\nJeśli nie zakładali Państwo konta, prosimy zignorować tę wiadomość.',
    reset: 'Dzień dobry, {name},\n\naby ustawić nowe hasło do Unified ID, prosimy otworzyć ten link w ciągu 30 minut:\n{link}\n\nJeśli nie prosili Państwo o zmianę hasła, prosimy zignorować tę wiadomość; hasło pozostanie bez zmian.',
    emailCode: 'Dzień dobry, {name},\n\nPaństwa kod weryfikacyjny to {code}. Jest ważny przez 10 minut i można go użyć tylko raz.\n\nJeśli nie próbowali Państwo się zalogować, prosimy zmienić hasło.',
    invitation: 'Dzień dobry,\n\n{inviter} zaprasza Państwa do dołączenia do firmy {org} w roli {role}.\nProsimy przyjąć zaproszenie w ciągu 7 dni:\n{link}',
    passwordChanged: 'Dzień dobry, {name},\n\nhasło do Unified ID zostało zmienione. Jeśli to nie Państwo dokonali tej zmiany, prosimy natychmiast zresetować hasło:\n{link}',
  },
  pt_PT: {
    activation: 'Olá {name},\n\nAtive o seu Unified ID abrindo esta ligação no prazo de 24 horas:\n{link}\n\nSe não efetuou o registo, ignore este e-mail.',
    reset: 'Olá {name},\n\nPara escolher uma nova palavra-passe para o seu Unified ID, abra esta ligação no prazo de 30 minutos:\n{link}\n\nSe não fez este pedido, ignore este e-mail; a sua palavra-passe permanece inalterada.',
    emailCode: 'Olá {name},\n\nO seu código de verificação é {code}. É válido durante 10 minutos e só pode ser utilizado uma vez.\n\nSe não tentou iniciar sessão, altere a sua palavra-passe.',
    invitation: 'Olá,\n\n{inviter} convida-o a juntar-se à empresa {org} como {role}.\nAceite o convite no prazo de 7 dias:\n{link}',
    passwordChanged: 'Olá {name},\n\nA palavra-passe do seu Unified ID foi alterada. Se não reconhece esta alteração, redefina imediatamente a sua palavra-passe:\n{link}',
  },
  ru_RU: {
    activation: 'Здравствуйте, {name}!\n\nПожалуйста, активируйте свой Unified ID, перейдя по этой ссылке в течение 24 часов:\n{link}\n\nЕсли вы не регистрировались, проигнорируйте это письмо.',
    reset: 'Здравствуйте, {name}!\n\nЧтобы задать новый пароль для Unified ID, перейдите по этой ссылке в течение 30 минут:\n{link}\n\nЕсли вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',
    emailCode: 'Здравствуйте, {name}!\n\nВаш код подтверждения: {code}. Он действителен в течение 10 минут и может быть использован только один раз.\n\nЕсли вы не пытались войти в систему, смените пароль.',
    invitation: 'Здравствуйте!\n\n{inviter} приглашает вас присоединиться к компании {org} в роли «{role}».\nПримите приглашение в течение 7 дней:\n{link}',
    passwordChanged: 'Здравствуйте, {name}!\n\nПароль вашего Unified ID был изменён. Если это были не вы, немедленно сбросьте пароль:\n{link}',
  },
  tr_TR: {
    activation: "Merhaba {name},\n\nLütfen bu bağlantıyı 24 saat içinde açarak Unified ID'nizi etkinleştirin:\n{link}\n\nKayıt olmadıysanız bu e-postayı dikkate almayın.",
    reset: "Merhaba {name},\n\nUnified ID'niz için yeni bir parola belirlemek üzere bu bağlantıyı 30 dakika içinde açın:\n{link}\n\nBu talebi siz yapmadıysanız bu e-postayı dikkate almayın; parolanız değişmeden kalır.",
    emailCode: 'Merhaba {name},\n\nDoğrulama kodunuz: {code}. Kod 10 dakika geçerlidir ve yalnızca bir kez kullanılabilir.\n\nOturum açmayı siz denemediyseniz parolanızı değiştirin.',
    invitation: 'Merhaba,\n\n{inviter} sizi {org} şirketine {role} olarak katılmaya davet ediyor.\nDaveti 7 gün içinde kabul edin:\n{link}',
    passwordChanged: 'Merhaba {name},\n\nUnified ID parolanız değiştirildi. Bu değişikliği siz yapmadıysanız parolanızı hemen sıfırlayın:\n{link}',
  },
  ja_JP: {
    activation: '{name} 様\n\n24時間以内に以下のリンクを開いて、Unified ID を有効化してください。\n{link}\n\nご登録の覚えがない場合は、このメールを無視してください。',
    reset: '{name} 様\n\nUnified ID の新しいパスワードを設定するには、30分以内に以下のリンクを開いてください。\n{link}\n\nお心当たりのない場合は、このメールを無視してください。パスワードは変更されません。',
    emailCode: '{name} 様\n\n確認コードは {code} です。有効期間は10分間で、1回のみ使用できます。\n\nサインインを試みていない場合は、パスワードを変更してください。',
    invitation: 'こんにちは。\n\n{inviter} さんが、{role} として企業 {org} に参加するようあなたを招待しています。\n7日以内に以下のリンクから招待を承諾してください。\n{link}',
    passwordChanged: '{name} 様\n\nUnified ID のパスワードが変更されました。お心当たりのない場合は、直ちに以下のリンクからパスワードを再設定してください。\n{link}',
  },
  zh_TW: {
    activation: '{name} 您好：\n\n請在 24 小時內開啟以下連結，以啟用您的 Unified ID：\n{link}\n\n如果您並未註冊，請忽略這封電子郵件。',
    reset: '{name} 您好：\n\n如要為您的 Unified ID 設定新密碼，請在 30 分鐘內開啟以下連結：\n{link}\n\n如果您並未提出此要求，請忽略這封電子郵件；您的密碼將維持不變。',
    emailCode: '{name} 您好：\n\n您的驗證碼為 {code}。此驗證碼 10 分鐘內有效，且僅能使用一次。\n\n如果您並未嘗試登入，請變更您的密碼。',
    invitation: '您好：\n\n{inviter} 邀請您以 {role} 身分加入公司 {org}。\n請在 7 天內接受邀請：\n{link}',
    passwordChanged: '{name} 您好：\n\n您的 Unified ID 密碼已變更。如果這不是您本人所為，請立即重設密碼：\n{link}',
  },
  ko_KR: {
    activation: '{name}님, 안녕하세요.\n\n24시간 이내에 아래 링크를 열어 Unified ID를 활성화해 주십시오.\n{link}\n\n가입하지 않으셨다면 이 이메일을 무시해 주십시오.',
    reset: '{name}님, 안녕하세요.\n\nUnified ID의 새 비밀번호를 설정하려면 30분 이내에 아래 링크를 열어 주십시오.\n{link}\n\n요청하지 않으셨다면 이 이메일을 무시해 주십시오. 비밀번호는 변경되지 않습니다.',
    emailCode: '{name}님, 안녕하세요.\n\n인증 코드는 {code}입니다. 이 코드는 10분간 유효하며 한 번만 사용할 수 있습니다.\n\n로그인을 시도하지 않으셨다면 비밀번호를 변경해 주십시오.',
    invitation: '안녕하세요.\n\n{inviter}님이 {role} 역할로 회사 {org}에 참여하도록 귀하를 초대했습니다.\n7일 이내에 초대를 수락해 주십시오.\n{link}',
    passwordChanged: '{name}님, 안녕하세요.\n\nUnified ID 비밀번호가 변경되었습니다. 본인이 변경하지 않으셨다면 즉시 아래 링크에서 비밀번호를 재설정해 주십시오.\n{link}',
  },
  sk_SK: {
    activation: 'Dobrý deň, {name},\n\naktivujte si, prosím, svoje Unified ID otvorením tohto odkazu do 24 hodín:\n{link}\n\nAk ste sa neregistrovali, tento e-mail ignorujte.',
    reset: 'Dobrý deň, {name},\n\nak si chcete zvoliť nové heslo k svojmu Unified ID, otvorte do 30 minút tento odkaz:\n{link}\n\nAk ste o to nežiadali, tento e-mail ignorujte; vaše heslo zostane nezmenené.',
    emailCode: 'Dobrý deň, {name},\n\nváš overovací kód je {code}. Platí 10 minút a možno ho použiť iba raz.\n\nAk ste sa nepokúšali prihlásiť, zmeňte si heslo.',
    invitation: 'Dobrý deň,\n\n{inviter} vás pozýva, aby ste sa pripojili k spoločnosti {org} ako {role}.\nPozvánku prijmite do 7 dní:\n{link}',
    passwordChanged: 'Dobrý deň, {name},\n\nheslo k vášmu Unified ID bolo zmenené. Ak ste to neboli vy, ihneď si heslo obnovte:\n{link}',
  },
  hu_HU: {
    activation: 'Kedves {name}!\n\nKérjük, aktiválja Unified ID-ját az alábbi hivatkozás megnyitásával 24 órán belül:\n{link}\n\nHa nem regisztrált, hagyja figyelmen kívül ezt az e-mailt.',
    reset: 'Kedves {name}!\n\nHa új jelszót szeretne beállítani Unified ID-jához, 30 percen belül nyissa meg az alábbi hivatkozást:\n{link}\n\nHa nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt; jelszava változatlan marad.',
    emailCode: 'Kedves {name}!\n\nEllenőrző kódja: {code}. A kód 10 percig érvényes, és csak egyszer használható fel.\n\nHa nem próbált bejelentkezni, változtassa meg jelszavát.',
    invitation: 'Üdvözöljük!\n\n{inviter} meghívja Önt, hogy {role} szerepkörben csatlakozzon a(z) {org} vállalathoz.\nFogadja el a meghívást 7 napon belül:\n{link}',
    passwordChanged: 'Kedves {name}!\n\nUnified ID-jának jelszava megváltozott. Ha nem Ön módosította, azonnal állítsa vissza jelszavát:\n{link}',
  },
  ro_RO: {
    activation: 'Bună ziua, {name},\n\nVă rugăm să vă activați Unified ID-ul deschizând acest link în cel mult 24 de ore:\n{link}\n\nDacă nu v-ați înregistrat, ignorați acest e-mail.',
    reset: 'Bună ziua, {name},\n\nPentru a alege o parolă nouă pentru Unified ID-ul dumneavoastră, deschideți acest link în cel mult 30 de minute:\n{link}\n\nDacă nu ați solicitat acest lucru, ignorați acest e-mail; parola dumneavoastră rămâne neschimbată.',
    emailCode: 'Bună ziua, {name},\n\nCodul dumneavoastră de verificare este {code}. Este valabil 10 minute și poate fi folosit o singură dată.\n\nDacă nu ați încercat să vă conectați, schimbați-vă parola.',
    invitation: 'Bună ziua,\n\n{inviter} vă invită să vă alăturați companiei {org} în calitate de {role}.\nAcceptați invitația în cel mult 7 zile:\n{link}',
    passwordChanged: 'Bună ziua, {name},\n\nParola pentru Unified ID-ul dumneavoastră a fost schimbată. Dacă nu dumneavoastră ați făcut această modificare, resetați-vă imediat parola:\n{link}',
  },
  bg_BG: {
    activation: 'Здравейте, {name},\n\nМоля, активирайте своя Unified ID, като отворите тази връзка в рамките на 24 часа:\n{link}\n\nАко не сте се регистрирали, игнорирайте този имейл.',
    reset: 'Здравейте, {name},\n\nЗа да изберете нова парола за своя Unified ID, отворете тази връзка в рамките на 30 минути:\n{link}\n\nАко не сте заявили това, игнорирайте този имейл; паролата ви остава непроменена.',
    emailCode: 'Здравейте, {name},\n\nВашият код за потвърждение е {code}. Той е валиден 10 минути и може да бъде използван само веднъж.\n\nАко не сте се опитвали да влезете, сменете паролата си.',
    invitation: 'Здравейте,\n\n{inviter} ви кани да се присъедините към компанията {org} като {role}.\nПриемете поканата в рамките на 7 дни:\n{link}',
    passwordChanged: 'Здравейте, {name},\n\nПаролата за вашия Unified ID беше променена. Ако това не сте били вие, незабавно нулирайте паролата си:\n{link}',
  },
  uk_UA: {
    activation: 'Добрий день, {name}!\n\nБудь ласка, активуйте свій Unified ID, перейшовши за цим посиланням протягом 24 годин:\n{link}\n\nЯкщо ви не реєструвалися, проігноруйте цей лист.',
    reset: 'Добрий день, {name}!\n\nЩоб задати новий пароль для Unified ID, перейдіть за цим посиланням протягом 30 хвилин:\n{link}\n\nЯкщо ви не надсилали такого запиту, проігноруйте цей лист — ваш пароль залишиться без змін.',
    emailCode: 'Добрий день, {name}!\n\nВаш код підтвердження: {code}. Він дійсний протягом 10 хвилин і може бути використаний лише один раз.\n\nЯкщо ви не намагалися увійти, змініть пароль.',
    invitation: 'Добрий день!\n\n{inviter} запрошує вас приєднатися до компанії {org} у ролі «{role}».\nПрийміть запрошення протягом 7 днів:\n{link}',
    passwordChanged: 'Добрий день, {name}!\n\nПароль вашого Unified ID було змінено. Якщо це були не ви, негайно скиньте пароль:\n{link}',
  },
  sr_RS: {
    activation: 'Dobar dan, {name},\n\nmolimo vas da aktivirate svoj Unified ID otvaranjem ovog linka u roku od 24 sata:\n{link}\n\nAko se niste registrovali, zanemarite ovu poruku.',
    reset: 'Dobar dan, {name},\n\nda biste izabrali novu lozinku za svoj Unified ID, otvorite ovaj link u roku od 30 minuta:\n{link}\n\nAko niste zatražili promenu lozinke, zanemarite ovu poruku; vaša lozinka ostaje nepromenjena.',
    emailCode: 'Dobar dan, {name},\n\nvaš verifikacioni kod je {code}. Važi 10 minuta i može se iskoristiti samo jednom.\n\nAko niste pokušali da se prijavite, promenite lozinku.',
    invitation: 'Dobar dan,\n\n{inviter} vas poziva da se pridružite kompaniji {org} kao {role}.\nPrihvatite pozivnicu u roku od 7 dana:\n{link}',
    passwordChanged: 'Dobar dan, {name},\n\nlozinka za vaš Unified ID je promenjena. Ako to niste bili vi, odmah resetujte lozinku:\n{link}',
  },
};

export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => vars[key] ?? m);
}

/** Subject and body of a mail in `language`; an unknown language code gets English. */
export function mailText(kind: MailKind, language: string, vars: Record<string, string>): { subject: string; text: string } {
  const lang: LanguageCode = isLanguageCode(language) ? language : 'en_US';
  return { subject: fill(SUBJECTS[lang][kind], vars), text: fill(BODIES[lang][kind], vars) };
}
