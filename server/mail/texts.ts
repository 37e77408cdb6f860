/**
 * Mail texts: a subject and a body for every mail kind in each of the 20 portal languages
 * (core/i18n/languages.ts). Both tables are typed `Record<LanguageCode, Texts>`, so the
 * compiler rejects a missing language or kind; a mail is always written in the user's
 * language, and only an unknown language code falls back to English (en_US). Placeholders
 * look like {name}; values are plain text (HTML is escaped by the renderer). "Unified ID" is a
 * product name and stays untranslated.
 */
import { isLanguageCode, type LanguageCode } from '../../core/i18n/languages';

/** `noAccount` and `alreadyRegistered` go out only under enumeration protection (ENUMERATION_PROTECTION=1). */
export const MAIL_KINDS = ['activation', 'reset', 'emailCode', 'invitation', 'passwordChanged', 'noAccount', 'alreadyRegistered'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

type Texts = Readonly<Record<MailKind, string>>;

export const SUBJECTS: Readonly<Record<LanguageCode, Texts>> = {
  en_US: { activation: 'Activate your Unified ID', reset: 'Reset your Unified ID password', emailCode: 'Your verification code: {code}', invitation: '{inviter} invites you to join {org}', passwordChanged: 'Your Unified ID password was changed', noAccount: 'Password reset requested: no Unified ID for this address', alreadyRegistered: 'You already have a Unified ID' },
  cs_CZ: { activation: 'Aktivujte své Unified ID', reset: 'Obnovení hesla Unified ID', emailCode: 'Váš ověřovací kód: {code}', invitation: '{inviter} vás zve do {org}', passwordChanged: 'Heslo Unified ID bylo změněno', noAccount: 'Žádost o obnovení hesla: k této adrese neexistuje Unified ID', alreadyRegistered: 'Unified ID už máte' },
  de_DE: { activation: 'Aktivieren Sie Ihre Unified ID', reset: 'Passwort Ihrer Unified ID zurücksetzen', emailCode: 'Ihr Bestätigungscode: {code}', invitation: '{inviter} lädt Sie zu {org} ein', passwordChanged: 'Ihr Unified-ID-Passwort wurde geändert', noAccount: 'Passwort-Zurücksetzung angefordert: keine Unified ID für diese Adresse', alreadyRegistered: 'Sie haben bereits eine Unified ID' },
  fr_FR: { activation: 'Activez votre Unified ID', reset: 'Réinitialisez le mot de passe de votre Unified ID', emailCode: 'Votre code de vérification : {code}', invitation: '{inviter} vous invite à rejoindre {org}', passwordChanged: 'Le mot de passe de votre Unified ID a été modifié', noAccount: 'Demande de réinitialisation : aucun Unified ID pour cette adresse', alreadyRegistered: 'Vous avez déjà un Unified ID' },
  es_ES: { activation: 'Active su Unified ID', reset: 'Restablezca la contraseña de su Unified ID', emailCode: 'Su código de verificación: {code}', invitation: '{inviter} le invita a unirse a {org}', passwordChanged: 'La contraseña de su Unified ID ha cambiado', noAccount: 'Solicitud de restablecimiento: no hay ningún Unified ID con esta dirección', alreadyRegistered: 'Ya tiene un Unified ID' },
  nl_NL: { activation: 'Activeer uw Unified ID', reset: 'Wachtwoord van uw Unified ID opnieuw instellen', emailCode: 'Uw verificatiecode: {code}', invitation: '{inviter} nodigt u uit voor {org}', passwordChanged: 'Uw Unified ID-wachtwoord is gewijzigd', noAccount: 'Wachtwoordherstel aangevraagd: geen Unified ID voor dit adres', alreadyRegistered: 'U hebt al een Unified ID' },
  it_IT: { activation: 'Attiva il tuo Unified ID', reset: 'Reimposta la password del tuo Unified ID', emailCode: 'Il tuo codice di verifica: {code}', invitation: '{inviter} ti invita a unirti a {org}', passwordChanged: 'La password del tuo Unified ID è stata modificata', noAccount: 'Richiesta di reimpostazione: nessun Unified ID per questo indirizzo', alreadyRegistered: 'Hai già un Unified ID' },
  pl_PL: { activation: 'Aktywuj swój Unified ID', reset: 'Zresetuj hasło Unified ID', emailCode: 'Twój kod weryfikacyjny: {code}', invitation: '{inviter} zaprasza Cię do {org}', passwordChanged: 'Hasło Unified ID zostało zmienione', noAccount: 'Prośba o reset hasła: brak Unified ID dla tego adresu', alreadyRegistered: 'Masz już Unified ID' },
  pt_PT: { activation: 'Ative o seu Unified ID', reset: 'Redefina a palavra-passe do seu Unified ID', emailCode: 'O seu código de verificação: {code}', invitation: '{inviter} convida-o para {org}', passwordChanged: 'A palavra-passe do seu Unified ID foi alterada', noAccount: 'Pedido de redefinição: não existe Unified ID para este endereço', alreadyRegistered: 'Já tem um Unified ID' },
  ru_RU: { activation: 'Активируйте свой Unified ID', reset: 'Сброс пароля Unified ID', emailCode: 'Ваш код подтверждения: {code}', invitation: '{inviter} приглашает вас в {org}', passwordChanged: 'Пароль Unified ID изменён', noAccount: 'Запрос на сброс пароля: для этого адреса нет Unified ID', alreadyRegistered: 'У вас уже есть Unified ID' },
  tr_TR: { activation: "Unified ID'nizi etkinleştirin", reset: 'Unified ID parolanızı sıfırlayın', emailCode: 'Doğrulama kodunuz: {code}', invitation: '{inviter} sizi {org} kuruluşuna davet ediyor', passwordChanged: 'Unified ID parolanız değiştirildi', noAccount: 'Parola sıfırlama istendi: bu adres için Unified ID yok', alreadyRegistered: 'Zaten bir Unified ID hesabınız var' },
  ja_JP: { activation: 'Unified ID を有効化してください', reset: 'Unified ID のパスワードを再設定', emailCode: '確認コード: {code}', invitation: '{inviter} さんが {org} に招待しています', passwordChanged: 'Unified ID のパスワードが変更されました', noAccount: 'パスワード再設定のご依頼: このアドレスの Unified ID はありません', alreadyRegistered: 'Unified ID はすでにお持ちです' },
  zh_TW: { activation: '啟用您的 Unified ID', reset: '重設您的 Unified ID 密碼', emailCode: '您的驗證碼：{code}', invitation: '{inviter} 邀請您加入 {org}', passwordChanged: '您的 Unified ID 密碼已變更', noAccount: '密碼重設要求：此地址沒有 Unified ID', alreadyRegistered: '您已經擁有 Unified ID' },
  ko_KR: { activation: 'Unified ID를 활성화하세요', reset: 'Unified ID 비밀번호 재설정', emailCode: '인증 코드: {code}', invitation: '{inviter}님이 {org}에 초대했습니다', passwordChanged: 'Unified ID 비밀번호가 변경되었습니다', noAccount: '비밀번호 재설정 요청: 이 주소의 Unified ID가 없습니다', alreadyRegistered: '이미 Unified ID가 있습니다' },
  sk_SK: { activation: 'Aktivujte si Unified ID', reset: 'Obnovenie hesla Unified ID', emailCode: 'Váš overovací kód: {code}', invitation: '{inviter} vás pozýva do {org}', passwordChanged: 'Heslo Unified ID bolo zmenené', noAccount: 'Žiadosť o obnovenie hesla: pre túto adresu neexistuje Unified ID', alreadyRegistered: 'Unified ID už máte' },
  hu_HU: { activation: 'Aktiválja Unified ID-ját', reset: 'Unified ID jelszó visszaállítása', emailCode: 'Ellenőrző kódja: {code}', invitation: '{inviter} meghívja a(z) {org} szervezetbe', passwordChanged: 'Unified ID jelszava megváltozott', noAccount: 'Jelszó-visszaállítási kérés: ehhez a címhez nincs Unified ID', alreadyRegistered: 'Önnek már van Unified ID-ja' },
  ro_RO: { activation: 'Activați Unified ID', reset: 'Resetați parola Unified ID', emailCode: 'Codul dvs. de verificare: {code}', invitation: '{inviter} vă invită în {org}', passwordChanged: 'Parola Unified ID a fost schimbată', noAccount: 'Solicitare de resetare: nu există Unified ID pentru această adresă', alreadyRegistered: 'Aveți deja un Unified ID' },
  bg_BG: { activation: 'Активирайте своя Unified ID', reset: 'Нулиране на паролата за Unified ID', emailCode: 'Вашият код за потвърждение: {code}', invitation: '{inviter} ви кани в {org}', passwordChanged: 'Паролата за Unified ID е променена', noAccount: 'Заявка за нулиране на парола: няма Unified ID за този адрес', alreadyRegistered: 'Вече имате Unified ID' },
  uk_UA: { activation: 'Активуйте свій Unified ID', reset: 'Скидання пароля Unified ID', emailCode: 'Ваш код підтвердження: {code}', invitation: '{inviter} запрошує вас до {org}', passwordChanged: 'Пароль Unified ID змінено', noAccount: 'Запит на скидання пароля: для цієї адреси немає Unified ID', alreadyRegistered: 'У вас уже є Unified ID' },
  sr_RS: { activation: 'Aktivirajte svoj Unified ID', reset: 'Resetujte lozinku za Unified ID', emailCode: 'Vaš verifikacioni kod: {code}', invitation: '{inviter} vas poziva u {org}', passwordChanged: 'Lozinka za Unified ID je promenjena', noAccount: 'Zahtev za resetovanje lozinke: ne postoji Unified ID za ovu adresu', alreadyRegistered: 'Već imate Unified ID' },
};

export const BODIES: Readonly<Record<LanguageCode, Texts>> = {
  en_US: {
    activation: 'Hello {name},\n\nplease activate your Unified ID by opening this link within 24 hours:\n{link}\n\nIf you did not register, ignore this email.',
    reset: 'Hello {name},\n\nto choose a new password for your Unified ID, open this link within 30 minutes:\n{link}\n\nIf you did not ask for this, ignore this email; your password stays unchanged.',
    emailCode: 'Hello {name},\n\nyour verification code is {code}. It is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.',
    invitation: 'Hello,\n\n{inviter} invites you to join the company {org} as {role}.\nAccept the invitation within 7 days:\n{link}',
    passwordChanged: 'Hello {name},\n\nthe password of your Unified ID was changed. If this was not you, reset your password at once:\n{link}',
    noAccount: 'Hello,\n\nsomeone asked to reset the password of a Unified ID for {email}, but there is no Unified ID with this address. If it was you, you may have signed up with another address; you can also create a Unified ID here:\n{link}\n\nIf you did not ask for this, ignore this email.',
    alreadyRegistered: 'Hello {name},\n\nsomeone tried to register a new Unified ID with this address, which already has one. If it was you, sign in with your password, or choose a new one with "Forgot password?" on this page:\n{link}\n\nIf it was not you, ignore this email; nothing has changed.',
  },
  cs_CZ: {
    activation: 'Dobrý den, {name},\n\naktivujte prosím své Unified ID otevřením tohoto odkazu do 24 hodin:\n{link}\n\nPokud jste se neregistrovali, tento e-mail ignorujte.',
    reset: 'Dobrý den, {name},\n\nchcete-li zvolit nové heslo ke svému Unified ID, otevřete do 30 minut tento odkaz:\n{link}\n\nPokud jste o to nežádali, tento e-mail ignorujte; vaše heslo zůstane beze změny.',
    emailCode: 'Dobrý den, {name},\n\nváš ověřovací kód je {code}. Platí 10 minut a lze jej použít pouze jednou.\n\nPokud jste se nepokoušeli přihlásit, změňte si heslo.',
    invitation: 'Dobrý den,\n\n{inviter} vás zve, abyste se připojili ke společnosti {org} jako {role}.\nPozvánku přijměte do 7 dnů:\n{link}',
    passwordChanged: 'Dobrý den, {name},\n\nheslo k vašemu Unified ID bylo změněno. Pokud jste to nebyli vy, okamžitě si heslo obnovte:\n{link}',
    noAccount: 'Dobrý den,\n\nněkdo požádal o obnovení hesla k Unified ID pro adresu {email}, ale s touto adresou žádné Unified ID neexistuje. Pokud jste to byli vy, možná jste se zaregistrovali s jinou adresou; Unified ID si také můžete vytvořit zde:\n{link}\n\nPokud jste o to nežádali, tento e-mail ignorujte.',
    alreadyRegistered: 'Dobrý den, {name},\n\nněkdo se pokusil zaregistrovat nové Unified ID s touto adresou, která už jedno má. Pokud jste to byli vy, přihlaste se svým heslem, nebo si na této stránce zvolte nové pomocí „Zapomněli jste heslo?“:\n{link}\n\nPokud jste to nebyli vy, tento e-mail ignorujte; nic se nezměnilo.',
  },
  de_DE: {
    activation: 'Hallo {name},\n\nbitte aktivieren Sie Ihre Unified ID innerhalb von 24 Stunden über diesen Link:\n{link}\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    reset: 'Hallo {name},\n\nüber diesen Link wählen Sie innerhalb von 30 Minuten ein neues Passwort für Ihre Unified ID:\n{link}\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    emailCode: 'Hallo {name},\n\nIhr Bestätigungscode lautet {code}. Er gilt 10 Minuten und kann einmal verwendet werden.\n\nFalls Sie nicht versucht haben, sich anzumelden, ändern Sie Ihr Passwort.',
    invitation: 'Hallo,\n\n{inviter} lädt Sie als {role} in das Unternehmen {org} ein.\nNehmen Sie die Einladung innerhalb von 7 Tagen an:\n{link}',
    passwordChanged: 'Hallo {name},\n\ndas Passwort Ihrer Unified ID wurde geändert. Falls Sie das nicht waren, setzen Sie es sofort zurück:\n{link}',
    noAccount: 'Hallo,\n\njemand hat das Zurücksetzen des Passworts einer Unified ID für {email} angefordert, doch mit dieser Adresse gibt es keine Unified ID. Falls Sie das waren, haben Sie sich vielleicht mit einer anderen Adresse registriert; Sie können hier auch eine Unified ID erstellen:\n{link}\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    alreadyRegistered: 'Hallo {name},\n\njemand hat versucht, mit dieser Adresse eine neue Unified ID zu registrieren, obwohl es für sie bereits eine gibt. Falls Sie das waren, melden Sie sich mit Ihrem Passwort an oder wählen Sie auf dieser Seite über „Passwort vergessen?“ ein neues:\n{link}\n\nFalls Sie das nicht waren, ignorieren Sie diese E-Mail; es hat sich nichts geändert.',
  },
  fr_FR: {
    activation: 'Bonjour {name},\n\nactivez votre Unified ID en ouvrant ce lien dans les 24 heures :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    reset: 'Bonjour {name},\n\npour choisir un nouveau mot de passe de votre Unified ID, ouvrez ce lien dans les 30 minutes :\n{link}\n\nSi vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe reste inchangé.',
    emailCode: 'Bonjour {name},\n\nvotre code de vérification est {code}. Il est valable 10 minutes et ne peut être utilisé qu’une seule fois.\n\nSi vous n’avez pas tenté de vous connecter, changez votre mot de passe.',
    invitation: 'Bonjour,\n\n{inviter} vous invite à rejoindre l’entreprise {org} en tant que {role}.\nAcceptez l’invitation dans les 7 jours :\n{link}',
    passwordChanged: 'Bonjour {name},\n\nle mot de passe de votre Unified ID a été modifié. Si ce n’était pas vous, réinitialisez-le immédiatement :\n{link}',
    noAccount: 'Bonjour,\n\nquelqu\'un a demandé à réinitialiser le mot de passe d\'un Unified ID pour {email}, mais aucun Unified ID n\'utilise cette adresse. Si c\'était vous, vous vous êtes peut-être inscrit avec une autre adresse ; vous pouvez aussi créer un Unified ID ici :\n{link}\n\nSi vous n\'êtes pas à l\'origine de cette demande, ignorez cet e-mail.',
    alreadyRegistered: 'Bonjour {name},\n\nquelqu\'un a essayé d\'inscrire un nouvel Unified ID avec cette adresse, qui en possède déjà un. Si c\'était vous, connectez-vous avec votre mot de passe, ou choisissez-en un nouveau avec « Mot de passe oublié ? » sur cette page :\n{link}\n\nSi ce n\'était pas vous, ignorez cet e-mail ; rien n\'a changé.',
  },
  es_ES: {
    activation: 'Hola {name}:\n\nactive su Unified ID abriendo este enlace en las próximas 24 horas:\n{link}\n\nSi no se ha registrado, ignore este correo.',
    reset: 'Hola {name}:\n\npara elegir una nueva contraseña de su Unified ID, abra este enlace en los próximos 30 minutos:\n{link}\n\nSi no lo ha solicitado, ignore este correo; su contraseña no se modificará.',
    emailCode: 'Hola {name}:\n\nsu código de verificación es {code}. Es válido durante 10 minutos y solo puede usarse una vez.\n\nSi no ha intentado iniciar sesión, cambie su contraseña.',
    invitation: 'Hola:\n\n{inviter} le invita a unirse a la empresa {org} como {role}.\nAcepte la invitación en los próximos 7 días:\n{link}',
    passwordChanged: 'Hola {name}:\n\nla contraseña de su Unified ID ha cambiado. Si no fue usted, restablézcala de inmediato:\n{link}',
    noAccount: 'Hola:\n\nalguien ha solicitado restablecer la contraseña de un Unified ID para {email}, pero no existe ningún Unified ID con esta dirección. Si fue usted, quizá se registró con otra dirección; también puede crear un Unified ID aquí:\n{link}\n\nSi no lo ha solicitado, ignore este correo electrónico.',
    alreadyRegistered: 'Hola, {name}:\n\nalguien ha intentado registrar un nuevo Unified ID con esta dirección, que ya tiene uno. Si fue usted, inicie sesión con su contraseña o elija una nueva con «¿Ha olvidado su contraseña?» en esta página:\n{link}\n\nSi no fue usted, ignore este correo electrónico; no ha cambiado nada.',
  },
  nl_NL: {
    activation: 'Beste {name},\n\nActiveer uw Unified ID door deze link binnen 24 uur te openen:\n{link}\n\nAls u zich niet hebt geregistreerd, kunt u deze e-mail negeren.',
    reset: 'Beste {name},\n\nOpen deze link binnen 30 minuten om een nieuw wachtwoord voor uw Unified ID te kiezen:\n{link}\n\nAls u hier niet om hebt gevraagd, kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',
    emailCode: 'Beste {name},\n\nUw verificatiecode is {code}. De code is 10 minuten geldig en kan één keer worden gebruikt.\n\nAls u niet hebt geprobeerd in te loggen, wijzig dan uw wachtwoord.',
    invitation: 'Goedendag,\n\n{inviter} nodigt u uit om u als {role} aan te sluiten bij het bedrijf {org}.\nAccepteer de uitnodiging binnen 7 dagen:\n{link}',
    passwordChanged: 'Beste {name},\n\nHet wachtwoord van uw Unified ID is gewijzigd. Als u dit niet zelf hebt gedaan, stel uw wachtwoord dan direct opnieuw in:\n{link}',
    noAccount: 'Hallo,\n\niemand heeft gevraagd het wachtwoord van een Unified ID voor {email} opnieuw in te stellen, maar er bestaat geen Unified ID met dit adres. Was u het, dan hebt u zich misschien met een ander adres geregistreerd; u kunt hier ook een Unified ID aanmaken:\n{link}\n\nHebt u hier niet om gevraagd, negeer deze e-mail dan.',
    alreadyRegistered: 'Hallo {name},\n\niemand heeft geprobeerd een nieuwe Unified ID te registreren met dit adres, dat er al een heeft. Was u het, meld u dan aan met uw wachtwoord of kies op deze pagina een nieuw wachtwoord via "Wachtwoord vergeten?":\n{link}\n\nWas u het niet, negeer deze e-mail dan; er is niets gewijzigd.',
  },
  it_IT: {
    activation: 'Gentile {name},\n\nla invitiamo ad attivare il suo Unified ID aprendo questo link entro 24 ore:\n{link}\n\nSe non ha effettuato la registrazione, ignori questa email.',
    reset: 'Gentile {name},\n\nper scegliere una nuova password per il suo Unified ID, apra questo link entro 30 minuti:\n{link}\n\nSe non ha richiesto questa operazione, ignori questa email; la sua password resterà invariata.',
    emailCode: 'Gentile {name},\n\nil suo codice di verifica è {code}. È valido per 10 minuti e può essere utilizzato una sola volta.\n\nSe non ha tentato di accedere, cambi la sua password.',
    invitation: 'Buongiorno,\n\n{inviter} la invita a unirsi all’azienda {org} come {role}.\nAccetti l’invito entro 7 giorni:\n{link}',
    passwordChanged: 'Gentile {name},\n\nla password del suo Unified ID è stata modificata. Se non ha effettuato lei questa modifica, reimposti subito la password:\n{link}',
    noAccount: 'Ciao,\n\nqualcuno ha chiesto di reimpostare la password di un Unified ID per {email}, ma non esiste alcun Unified ID con questo indirizzo. Se sei stato tu, forse ti sei registrato con un altro indirizzo; puoi anche creare un Unified ID qui:\n{link}\n\nSe non l\'hai richiesto tu, ignora questa email.',
    alreadyRegistered: 'Ciao {name},\n\nqualcuno ha provato a registrare un nuovo Unified ID con questo indirizzo, che ne ha già uno. Se sei stato tu, accedi con la tua password oppure scegline una nuova con «Password dimenticata?» in questa pagina:\n{link}\n\nSe non sei stato tu, ignora questa email; non è cambiato nulla.',
  },
  pl_PL: {
    activation: 'Dzień dobry, {name},\n\nprosimy o aktywację Unified ID przez otwarcie tego linku w ciągu 24 godzin:\n{link}\n\nJeśli nie zakładali Państwo konta, prosimy zignorować tę wiadomość.',
    reset: 'Dzień dobry, {name},\n\naby ustawić nowe hasło do Unified ID, prosimy otworzyć ten link w ciągu 30 minut:\n{link}\n\nJeśli nie prosili Państwo o zmianę hasła, prosimy zignorować tę wiadomość; hasło pozostanie bez zmian.',
    emailCode: 'Dzień dobry, {name},\n\nPaństwa kod weryfikacyjny to {code}. Jest ważny przez 10 minut i można go użyć tylko raz.\n\nJeśli nie próbowali Państwo się zalogować, prosimy zmienić hasło.',
    invitation: 'Dzień dobry,\n\n{inviter} zaprasza Państwa do dołączenia do firmy {org} w roli {role}.\nProsimy przyjąć zaproszenie w ciągu 7 dni:\n{link}',
    passwordChanged: 'Dzień dobry, {name},\n\nhasło do Unified ID zostało zmienione. Jeśli to nie Państwo dokonali tej zmiany, prosimy natychmiast zresetować hasło:\n{link}',
    noAccount: 'Dzień dobry,\n\nktoś poprosił o zresetowanie hasła Unified ID dla adresu {email}, ale nie istnieje żadne Unified ID z tym adresem. Jeśli to Ty, być może rejestrowałeś się innym adresem; możesz też utworzyć Unified ID tutaj:\n{link}\n\nJeśli to nie Ty, zignoruj tę wiadomość.',
    alreadyRegistered: 'Dzień dobry, {name},\n\nktoś próbował zarejestrować nowe Unified ID z tym adresem, do którego Unified ID już istnieje. Jeśli to Ty, zaloguj się swoim hasłem albo wybierz nowe, korzystając z opcji „Zapomniane hasło?” na tej stronie:\n{link}\n\nJeśli to nie Ty, zignoruj tę wiadomość; nic się nie zmieniło.',
  },
  pt_PT: {
    activation: 'Olá {name},\n\nAtive o seu Unified ID abrindo esta ligação no prazo de 24 horas:\n{link}\n\nSe não efetuou o registo, ignore este e-mail.',
    reset: 'Olá {name},\n\nPara escolher uma nova palavra-passe para o seu Unified ID, abra esta ligação no prazo de 30 minutos:\n{link}\n\nSe não fez este pedido, ignore este e-mail; a sua palavra-passe permanece inalterada.',
    emailCode: 'Olá {name},\n\nO seu código de verificação é {code}. É válido durante 10 minutos e só pode ser utilizado uma vez.\n\nSe não tentou iniciar sessão, altere a sua palavra-passe.',
    invitation: 'Olá,\n\n{inviter} convida-o a juntar-se à empresa {org} como {role}.\nAceite o convite no prazo de 7 dias:\n{link}',
    passwordChanged: 'Olá {name},\n\nA palavra-passe do seu Unified ID foi alterada. Se não reconhece esta alteração, redefina imediatamente a sua palavra-passe:\n{link}',
    noAccount: 'Olá,\n\nalguém pediu para redefinir a palavra-passe de um Unified ID para {email}, mas não existe nenhum Unified ID com este endereço. Se foi o próprio, talvez se tenha registado com outro endereço; também pode criar um Unified ID aqui:\n{link}\n\nSe não fez este pedido, ignore este e-mail.',
    alreadyRegistered: 'Olá {name},\n\nalguém tentou registar um novo Unified ID com este endereço, que já tem um. Se foi o próprio, inicie sessão com a sua palavra-passe ou escolha uma nova em «Esqueceu-se da palavra-passe?» nesta página:\n{link}\n\nSe não foi o próprio, ignore este e-mail; nada foi alterado.',
  },
  ru_RU: {
    activation: 'Здравствуйте, {name}!\n\nПожалуйста, активируйте свой Unified ID, перейдя по этой ссылке в течение 24 часов:\n{link}\n\nЕсли вы не регистрировались, проигнорируйте это письмо.',
    reset: 'Здравствуйте, {name}!\n\nЧтобы задать новый пароль для Unified ID, перейдите по этой ссылке в течение 30 минут:\n{link}\n\nЕсли вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',
    emailCode: 'Здравствуйте, {name}!\n\nВаш код подтверждения: {code}. Он действителен в течение 10 минут и может быть использован только один раз.\n\nЕсли вы не пытались войти в систему, смените пароль.',
    invitation: 'Здравствуйте!\n\n{inviter} приглашает вас присоединиться к компании {org} в роли «{role}».\nПримите приглашение в течение 7 дней:\n{link}',
    passwordChanged: 'Здравствуйте, {name}!\n\nПароль вашего Unified ID был изменён. Если это были не вы, немедленно сбросьте пароль:\n{link}',
    noAccount: 'Здравствуйте!\n\nКто-то запросил сброс пароля Unified ID для адреса {email}, но Unified ID с этим адресом не существует. Если это были вы, возможно, вы регистрировались с другим адресом; вы также можете создать Unified ID здесь:\n{link}\n\nЕсли вы этого не запрашивали, проигнорируйте это письмо.',
    alreadyRegistered: 'Здравствуйте, {name}!\n\nКто-то попытался зарегистрировать новый Unified ID с этим адресом, хотя для него уже есть Unified ID. Если это были вы, войдите со своим паролем или задайте новый с помощью ссылки «Забыли пароль?» на этой странице:\n{link}\n\nЕсли это были не вы, проигнорируйте это письмо; ничего не изменилось.',
  },
  tr_TR: {
    activation: "Merhaba {name},\n\nLütfen bu bağlantıyı 24 saat içinde açarak Unified ID'nizi etkinleştirin:\n{link}\n\nKayıt olmadıysanız bu e-postayı dikkate almayın.",
    reset: "Merhaba {name},\n\nUnified ID'niz için yeni bir parola belirlemek üzere bu bağlantıyı 30 dakika içinde açın:\n{link}\n\nBu talebi siz yapmadıysanız bu e-postayı dikkate almayın; parolanız değişmeden kalır.",
    emailCode: 'Merhaba {name},\n\nDoğrulama kodunuz: {code}. Kod 10 dakika geçerlidir ve yalnızca bir kez kullanılabilir.\n\nOturum açmayı siz denemediyseniz parolanızı değiştirin.',
    invitation: 'Merhaba,\n\n{inviter} sizi {org} şirketine {role} olarak katılmaya davet ediyor.\nDaveti 7 gün içinde kabul edin:\n{link}',
    passwordChanged: 'Merhaba {name},\n\nUnified ID parolanız değiştirildi. Bu değişikliği siz yapmadıysanız parolanızı hemen sıfırlayın:\n{link}',
    noAccount: 'Merhaba,\n\nbiri {email} için bir Unified ID parolasını sıfırlamak istedi, ancak bu adresle kayıtlı bir Unified ID yok. Siz istediyseniz başka bir adresle kaydolmuş olabilirsiniz; ayrıca buradan bir Unified ID oluşturabilirsiniz:\n{link}\n\nBunu siz istemediyseniz bu e-postayı dikkate almayın.',
    alreadyRegistered: 'Merhaba {name},\n\nbiri bu adresle yeni bir Unified ID kaydetmeye çalıştı, ancak bu adresin zaten bir Unified ID hesabı var. Siz denediyseniz parolanızla oturum açın ya da bu sayfadaki "Parolanızı mı unuttunuz?" ile yeni bir parola seçin:\n{link}\n\nSiz değilseniz bu e-postayı dikkate almayın; hiçbir şey değişmedi.',
  },
  ja_JP: {
    activation: '{name} 様\n\n24時間以内に以下のリンクを開いて、Unified ID を有効化してください。\n{link}\n\nご登録の覚えがない場合は、このメールを無視してください。',
    reset: '{name} 様\n\nUnified ID の新しいパスワードを設定するには、30分以内に以下のリンクを開いてください。\n{link}\n\nお心当たりのない場合は、このメールを無視してください。パスワードは変更されません。',
    emailCode: '{name} 様\n\n確認コードは {code} です。有効期間は10分間で、1回のみ使用できます。\n\nサインインを試みていない場合は、パスワードを変更してください。',
    invitation: 'こんにちは。\n\n{inviter} さんが、{role} として企業 {org} に参加するようあなたを招待しています。\n7日以内に以下のリンクから招待を承諾してください。\n{link}',
    passwordChanged: '{name} 様\n\nUnified ID のパスワードが変更されました。お心当たりのない場合は、直ちに以下のリンクからパスワードを再設定してください。\n{link}',
    noAccount: 'こんにちは。\n\n{email} の Unified ID のパスワード再設定が依頼されましたが、このアドレスの Unified ID は存在しません。ご本人による依頼の場合は、別のアドレスで登録された可能性があります。こちらから Unified ID を作成することもできます。\n{link}\n\nお心当たりがない場合は、このメールを無視してください。',
    alreadyRegistered: '{name} 様\n\nこのアドレスで新しい Unified ID の登録が試みられましたが、このアドレスにはすでに Unified ID があります。ご本人の場合は、お使いのパスワードでサインインするか、このページの「パスワードをお忘れの場合」から新しいパスワードを設定してください。\n{link}\n\nお心当たりがない場合は、このメールを無視してください。変更は何も行われていません。',
  },
  zh_TW: {
    activation: '{name} 您好：\n\n請在 24 小時內開啟以下連結，以啟用您的 Unified ID：\n{link}\n\n如果您並未註冊，請忽略這封電子郵件。',
    reset: '{name} 您好：\n\n如要為您的 Unified ID 設定新密碼，請在 30 分鐘內開啟以下連結：\n{link}\n\n如果您並未提出此要求，請忽略這封電子郵件；您的密碼將維持不變。',
    emailCode: '{name} 您好：\n\n您的驗證碼為 {code}。此驗證碼 10 分鐘內有效，且僅能使用一次。\n\n如果您並未嘗試登入，請變更您的密碼。',
    invitation: '您好：\n\n{inviter} 邀請您以 {role} 身分加入公司 {org}。\n請在 7 天內接受邀請：\n{link}',
    passwordChanged: '{name} 您好：\n\n您的 Unified ID 密碼已變更。如果這不是您本人所為，請立即重設密碼：\n{link}',
    noAccount: '您好：\n\n有人要求為 {email} 重設 Unified ID 密碼，但沒有使用此地址的 Unified ID。如果是您本人，您可能是以其他地址註冊的；您也可以在此建立 Unified ID：\n{link}\n\n如果您並未提出此要求，請忽略這封電子郵件。',
    alreadyRegistered: '{name} 您好：\n\n有人嘗試以此地址註冊新的 Unified ID，但此地址已經有 Unified ID。如果是您本人，請以您的密碼登入，或在此頁面使用「忘記密碼？」設定新密碼：\n{link}\n\n如果不是您本人，請忽略這封電子郵件；沒有任何變更。',
  },
  ko_KR: {
    activation: '{name}님, 안녕하세요.\n\n24시간 이내에 아래 링크를 열어 Unified ID를 활성화해 주십시오.\n{link}\n\n가입하지 않으셨다면 이 이메일을 무시해 주십시오.',
    reset: '{name}님, 안녕하세요.\n\nUnified ID의 새 비밀번호를 설정하려면 30분 이내에 아래 링크를 열어 주십시오.\n{link}\n\n요청하지 않으셨다면 이 이메일을 무시해 주십시오. 비밀번호는 변경되지 않습니다.',
    emailCode: '{name}님, 안녕하세요.\n\n인증 코드는 {code}입니다. 이 코드는 10분간 유효하며 한 번만 사용할 수 있습니다.\n\n로그인을 시도하지 않으셨다면 비밀번호를 변경해 주십시오.',
    invitation: '안녕하세요.\n\n{inviter}님이 {role} 역할로 회사 {org}에 참여하도록 귀하를 초대했습니다.\n7일 이내에 초대를 수락해 주십시오.\n{link}',
    passwordChanged: '{name}님, 안녕하세요.\n\nUnified ID 비밀번호가 변경되었습니다. 본인이 변경하지 않으셨다면 즉시 아래 링크에서 비밀번호를 재설정해 주십시오.\n{link}',
    noAccount: '안녕하세요.\n\n누군가 {email}의 Unified ID 비밀번호 재설정을 요청했지만, 이 주소로 된 Unified ID가 없습니다. 본인이 요청하셨다면 다른 주소로 가입하셨을 수 있습니다. 여기에서 Unified ID를 만들 수도 있습니다.\n{link}\n\n요청하지 않으셨다면 이 이메일을 무시해 주십시오.',
    alreadyRegistered: '{name}님, 안녕하세요.\n\n누군가 이 주소로 새 Unified ID를 등록하려고 했지만, 이 주소에는 이미 Unified ID가 있습니다. 본인이시라면 비밀번호로 로그인하시거나 이 페이지의 "비밀번호를 잊으셨습니까?"에서 새 비밀번호를 설정해 주십시오.\n{link}\n\n본인이 아니시라면 이 이메일을 무시해 주십시오. 변경된 사항은 없습니다.',
  },
  sk_SK: {
    activation: 'Dobrý deň, {name},\n\naktivujte si, prosím, svoje Unified ID otvorením tohto odkazu do 24 hodín:\n{link}\n\nAk ste sa neregistrovali, tento e-mail ignorujte.',
    reset: 'Dobrý deň, {name},\n\nak si chcete zvoliť nové heslo k svojmu Unified ID, otvorte do 30 minút tento odkaz:\n{link}\n\nAk ste o to nežiadali, tento e-mail ignorujte; vaše heslo zostane nezmenené.',
    emailCode: 'Dobrý deň, {name},\n\nváš overovací kód je {code}. Platí 10 minút a možno ho použiť iba raz.\n\nAk ste sa nepokúšali prihlásiť, zmeňte si heslo.',
    invitation: 'Dobrý deň,\n\n{inviter} vás pozýva, aby ste sa pripojili k spoločnosti {org} ako {role}.\nPozvánku prijmite do 7 dní:\n{link}',
    passwordChanged: 'Dobrý deň, {name},\n\nheslo k vášmu Unified ID bolo zmenené. Ak ste to neboli vy, ihneď si heslo obnovte:\n{link}',
    noAccount: 'Dobrý deň,\n\nniekto požiadal o obnovenie hesla k Unified ID pre adresu {email}, ale s touto adresou neexistuje žiadne Unified ID. Ak ste to boli vy, možno ste sa zaregistrovali s inou adresou; Unified ID si môžete vytvoriť aj tu:\n{link}\n\nAk ste o to nežiadali, tento e-mail ignorujte.',
    alreadyRegistered: 'Dobrý deň, {name},\n\nniekto sa pokúsil zaregistrovať nové Unified ID s touto adresou, ktorá už jedno má. Ak ste to boli vy, prihláste sa svojím heslom alebo si na tejto stránke zvoľte nové cez „Zabudli ste heslo?“:\n{link}\n\nAk ste to neboli vy, tento e-mail ignorujte; nič sa nezmenilo.',
  },
  hu_HU: {
    activation: 'Kedves {name}!\n\nKérjük, aktiválja Unified ID-ját az alábbi hivatkozás megnyitásával 24 órán belül:\n{link}\n\nHa nem regisztrált, hagyja figyelmen kívül ezt az e-mailt.',
    reset: 'Kedves {name}!\n\nHa új jelszót szeretne beállítani Unified ID-jához, 30 percen belül nyissa meg az alábbi hivatkozást:\n{link}\n\nHa nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt; jelszava változatlan marad.',
    emailCode: 'Kedves {name}!\n\nEllenőrző kódja: {code}. A kód 10 percig érvényes, és csak egyszer használható fel.\n\nHa nem próbált bejelentkezni, változtassa meg jelszavát.',
    invitation: 'Üdvözöljük!\n\n{inviter} meghívja Önt, hogy {role} szerepkörben csatlakozzon a(z) {org} vállalathoz.\nFogadja el a meghívást 7 napon belül:\n{link}',
    passwordChanged: 'Kedves {name}!\n\nUnified ID-jának jelszava megváltozott. Ha nem Ön módosította, azonnal állítsa vissza jelszavát:\n{link}',
    noAccount: 'Üdvözöljük!\n\nValaki a(z) {email} címhez tartozó Unified ID jelszavának visszaállítását kérte, de ezzel a címmel nem létezik Unified ID. Ha Ön volt, lehet, hogy másik címmel regisztrált; itt létre is hozhat egy Unified ID-t:\n{link}\n\nHa nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt.',
    alreadyRegistered: 'Kedves {name}!\n\nValaki új Unified ID-t próbált regisztrálni ezzel a címmel, amelyhez már tartozik egy. Ha Ön volt, jelentkezzen be jelszavával, vagy válasszon újat ezen az oldalon az „Elfelejtette jelszavát?” lehetőséggel:\n{link}\n\nHa nem Ön volt, hagyja figyelmen kívül ezt az e-mailt; semmi sem változott.',
  },
  ro_RO: {
    activation: 'Bună ziua, {name},\n\nVă rugăm să vă activați Unified ID-ul deschizând acest link în cel mult 24 de ore:\n{link}\n\nDacă nu v-ați înregistrat, ignorați acest e-mail.',
    reset: 'Bună ziua, {name},\n\nPentru a alege o parolă nouă pentru Unified ID-ul dumneavoastră, deschideți acest link în cel mult 30 de minute:\n{link}\n\nDacă nu ați solicitat acest lucru, ignorați acest e-mail; parola dumneavoastră rămâne neschimbată.',
    emailCode: 'Bună ziua, {name},\n\nCodul dumneavoastră de verificare este {code}. Este valabil 10 minute și poate fi folosit o singură dată.\n\nDacă nu ați încercat să vă conectați, schimbați-vă parola.',
    invitation: 'Bună ziua,\n\n{inviter} vă invită să vă alăturați companiei {org} în calitate de {role}.\nAcceptați invitația în cel mult 7 zile:\n{link}',
    passwordChanged: 'Bună ziua, {name},\n\nParola pentru Unified ID-ul dumneavoastră a fost schimbată. Dacă nu dumneavoastră ați făcut această modificare, resetați-vă imediat parola:\n{link}',
    noAccount: 'Bună ziua,\n\ncineva a solicitat resetarea parolei unui Unified ID pentru {email}, dar nu există niciun Unified ID cu această adresă. Dacă ați fost dumneavoastră, poate v-ați înregistrat cu o altă adresă; puteți crea și un Unified ID aici:\n{link}\n\nDacă nu ați solicitat acest lucru, ignorați acest e-mail.',
    alreadyRegistered: 'Bună ziua, {name},\n\ncineva a încercat să înregistreze un Unified ID nou cu această adresă, care are deja unul. Dacă ați fost dumneavoastră, conectați-vă cu parola sau alegeți una nouă cu „Ați uitat parola?” pe această pagină:\n{link}\n\nDacă nu ați fost dumneavoastră, ignorați acest e-mail; nu s-a schimbat nimic.',
  },
  bg_BG: {
    activation: 'Здравейте, {name},\n\nМоля, активирайте своя Unified ID, като отворите тази връзка в рамките на 24 часа:\n{link}\n\nАко не сте се регистрирали, игнорирайте този имейл.',
    reset: 'Здравейте, {name},\n\nЗа да изберете нова парола за своя Unified ID, отворете тази връзка в рамките на 30 минути:\n{link}\n\nАко не сте заявили това, игнорирайте този имейл; паролата ви остава непроменена.',
    emailCode: 'Здравейте, {name},\n\nВашият код за потвърждение е {code}. Той е валиден 10 минути и може да бъде използван само веднъж.\n\nАко не сте се опитвали да влезете, сменете паролата си.',
    invitation: 'Здравейте,\n\n{inviter} ви кани да се присъедините към компанията {org} като {role}.\nПриемете поканата в рамките на 7 дни:\n{link}',
    passwordChanged: 'Здравейте, {name},\n\nПаролата за вашия Unified ID беше променена. Ако това не сте били вие, незабавно нулирайте паролата си:\n{link}',
    noAccount: 'Здравейте,\n\nнякой е заявил нулиране на паролата на Unified ID за {email}, но няма Unified ID с този адрес. Ако това сте били вие, може да сте се регистрирали с друг адрес; можете също да създадете Unified ID тук:\n{link}\n\nАко не сте заявили това, игнорирайте този имейл.',
    alreadyRegistered: 'Здравейте, {name},\n\nнякой се опита да регистрира нов Unified ID с този адрес, който вече има такъв. Ако това сте били вие, влезте с паролата си или изберете нова чрез „Забравена парола?“ на тази страница:\n{link}\n\nАко не сте били вие, игнорирайте този имейл; нищо не е променено.',
  },
  uk_UA: {
    activation: 'Добрий день, {name}!\n\nБудь ласка, активуйте свій Unified ID, перейшовши за цим посиланням протягом 24 годин:\n{link}\n\nЯкщо ви не реєструвалися, проігноруйте цей лист.',
    reset: 'Добрий день, {name}!\n\nЩоб задати новий пароль для Unified ID, перейдіть за цим посиланням протягом 30 хвилин:\n{link}\n\nЯкщо ви не надсилали такого запиту, проігноруйте цей лист — ваш пароль залишиться без змін.',
    emailCode: 'Добрий день, {name}!\n\nВаш код підтвердження: {code}. Він дійсний протягом 10 хвилин і може бути використаний лише один раз.\n\nЯкщо ви не намагалися увійти, змініть пароль.',
    invitation: 'Добрий день!\n\n{inviter} запрошує вас приєднатися до компанії {org} у ролі «{role}».\nПрийміть запрошення протягом 7 днів:\n{link}',
    passwordChanged: 'Добрий день, {name}!\n\nПароль вашого Unified ID було змінено. Якщо це були не ви, негайно скиньте пароль:\n{link}',
    noAccount: 'Добрий день!\n\nХтось надіслав запит на скидання пароля Unified ID для адреси {email}, але Unified ID з цією адресою не існує. Якщо це були ви, можливо, ви реєструвалися з іншою адресою; також ви можете створити Unified ID тут:\n{link}\n\nЯкщо ви не надсилали такого запиту, проігноруйте цей лист.',
    alreadyRegistered: 'Добрий день, {name}!\n\nХтось спробував зареєструвати новий Unified ID з цією адресою, хоча для неї вже є Unified ID. Якщо це були ви, увійдіть зі своїм паролем або задайте новий за допомогою «Забули пароль?» на цій сторінці:\n{link}\n\nЯкщо це були не ви, проігноруйте цей лист; нічого не змінилося.',
  },
  sr_RS: {
    activation: 'Dobar dan, {name},\n\nmolimo vas da aktivirate svoj Unified ID otvaranjem ovog linka u roku od 24 sata:\n{link}\n\nAko se niste registrovali, zanemarite ovu poruku.',
    reset: 'Dobar dan, {name},\n\nda biste izabrali novu lozinku za svoj Unified ID, otvorite ovaj link u roku od 30 minuta:\n{link}\n\nAko niste zatražili promenu lozinke, zanemarite ovu poruku; vaša lozinka ostaje nepromenjena.',
    emailCode: 'Dobar dan, {name},\n\nvaš verifikacioni kod je {code}. Važi 10 minuta i može se iskoristiti samo jednom.\n\nAko niste pokušali da se prijavite, promenite lozinku.',
    invitation: 'Dobar dan,\n\n{inviter} vas poziva da se pridružite kompaniji {org} kao {role}.\nPrihvatite pozivnicu u roku od 7 dana:\n{link}',
    passwordChanged: 'Dobar dan, {name},\n\nlozinka za vaš Unified ID je promenjena. Ako to niste bili vi, odmah resetujte lozinku:\n{link}',
    noAccount: 'Dobar dan,\n\nneko je zatražio resetovanje lozinke za Unified ID za adresu {email}, ali Unified ID sa ovom adresom ne postoji. Ako ste to bili vi, možda ste se registrovali sa drugom adresom; Unified ID možete napraviti i ovde:\n{link}\n\nAko to niste zatražili, zanemarite ovu poruku.',
    alreadyRegistered: 'Dobar dan, {name},\n\nneko je pokušao da registruje novi Unified ID sa ovom adresom, koja već ima jedan. Ako ste to bili vi, prijavite se svojom lozinkom ili izaberite novu pomoću opcije „Zaboravili ste lozinku?“ na ovoj stranici:\n{link}\n\nAko to niste bili vi, zanemarite ovu poruku; ništa nije promenjeno.',
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
