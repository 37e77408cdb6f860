import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../core/i18n/languages';
import { Client, startLogin, startServer, type TestServer } from './harness';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t?.close();
});

describe("the demo service's slides", () => {
  it('carry their caption and link text in every portal language (locales/<lang>/demo-service.json), English as the plain text', async () => {
    const c = new Client(t.base);
    const { sessionCode } = await startLogin(c, { clientId: 'demo-service', redirectUri: `${t.base}/demo-service/callback` });
    const info = await c.get(`/api/client/custom/banner-and-logo?sessionCode=${sessionCode}`);
    const [first, second] = info.body.result.carouselInfos;
    expect(first).toMatchObject({ description: 'One ID for every service of the business cloud', linkText: 'Learn more' });
    expect(Object.keys(first.texts).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(first.texts.de_DE).toEqual({ description: 'Eine ID für jeden Dienst der Business Cloud', linkText: 'Mehr erfahren' });
    // A slide without a link has no link text in any language.
    expect(second.texts.de_DE).toEqual({ description: 'Verwalten Sie Ihr Unternehmen und seine Mitglieder an einem Ort' });
  });
});
