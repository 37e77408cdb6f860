/**
 * Mail texts. Bodies exist in English, German, French and Spanish; every one of the 20
 * portal languages has its own subjects, and a body falls back to English when the language
 * has none. Placeholders are {name}; values are plain text (HTML is escaped by the renderer).
 */
export type MailKind = 'activation' | 'reset' | 'emailCode' | 'invitation' | 'passwordChanged';

type Texts = Record<MailKind, string>;

export const SUBJECTS: Record<string, Texts> = {
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

export const BODIES: Record<string, Partial<Texts>> = {
  en_US: {
    activation: 'Hello {name},\n\nplease activate your Unified ID by opening this link within 24 hours:\n{link}\n\nIf you did not register, ignore this email.',
    reset: 'Hello {name},\n\nto choose a new password for your Unified ID, open this link within 30 minutes:\n{link}\n\nIf you did not ask for this, ignore this email; your password stays unchanged.',
    emailCode: 'Hello {name},\n\nyour verification code is {code}. It is valid for 10 minutes and can be used once.\n\nIf you did not try to sign in, change your password.',
    invitation: 'Hello,\n\n{inviter} invites you to join the company {org} as {role}.\nAccept the invitation within 7 days:\n{link}',
    passwordChanged: 'Hello {name},\n\nthe password of your Unified ID was changed. If this was not you, reset your password at once:\n{link}',
  },
  de_DE: {
    activation: 'Hallo {name},\n\nbitte aktivieren Sie Ihre Unified ID innerhalb von 24 Stunden über diesen Link:\n{link}\n\nFalls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    reset: 'Hallo {name},\n\nüber diesen Link wählen Sie innerhalb von 30 Minuten ein neues Passwort:\n{link}\n\nFalls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    emailCode: 'Hallo {name},\n\nIhr Bestätigungscode lautet {code}. Er gilt 10 Minuten und nur einmal.',
    invitation: 'Hallo,\n\n{inviter} lädt Sie als {role} in das Unternehmen {org} ein.\nNehmen Sie die Einladung innerhalb von 7 Tagen an:\n{link}',
    passwordChanged: 'Hallo {name},\n\ndas Passwort Ihrer Unified ID wurde geändert. Falls Sie das nicht waren, setzen Sie es sofort zurück:\n{link}',
  },
  fr_FR: {
    activation: 'Bonjour {name},\n\nactivez votre Unified ID en ouvrant ce lien dans les 24 heures :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    reset: 'Bonjour {name},\n\npour choisir un nouveau mot de passe, ouvrez ce lien dans les 30 minutes :\n{link}\n\nSi vous n’avez rien demandé, ignorez cet e-mail.',
    emailCode: 'Bonjour {name},\n\nvotre code de vérification est {code}. Il est valable 10 minutes et une seule fois.',
    invitation: 'Bonjour,\n\n{inviter} vous invite à rejoindre l’entreprise {org} en tant que {role}.\nAcceptez l’invitation dans les 7 jours :\n{link}',
    passwordChanged: 'Bonjour {name},\n\nle mot de passe de votre Unified ID a été modifié. Si ce n’était pas vous, réinitialisez-le immédiatement :\n{link}',
  },
  es_ES: {
    activation: 'Hola {name}:\n\nactive su Unified ID abriendo este enlace en las próximas 24 horas:\n{link}\n\nSi no se ha registrado, ignore este correo.',
    reset: 'Hola {name}:\n\npara elegir una nueva contraseña, abra este enlace en los próximos 30 minutos:\n{link}\n\nSi no lo ha solicitado, ignore este correo.',
    emailCode: 'Hola {name}:\n\nsu código de verificación es {code}. Es válido 10 minutos y una sola vez.',
    invitation: 'Hola:\n\n{inviter} le invita a unirse a la empresa {org} como {role}.\nAcepte la invitación en los próximos 7 días:\n{link}',
    passwordChanged: 'Hola {name}:\n\nla contraseña de su Unified ID ha cambiado. Si no fue usted, restablézcala de inmediato:\n{link}',
  },
};

export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => vars[key] ?? m);
}

export function mailText(kind: MailKind, language: string, vars: Record<string, string>): { subject: string; text: string } {
  const subject = (SUBJECTS[language] ?? SUBJECTS.en_US!)[kind];
  const body = BODIES[language]?.[kind] ?? BODIES.en_US![kind]!;
  return { subject: fill(subject, vars), text: fill(body, vars) };
}
