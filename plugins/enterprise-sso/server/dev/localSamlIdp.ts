/**
 * A small, real SAML 2.0 identity provider for development and tests, built on samlify (its
 * IdentityProvider entity: metadata, the AuthnRequest read and schema-checked with xmllint, the
 * signed Response): it stands in for a company's SAML directory (Entra ID, ADFS, Okta, …). Users,
 * sign-ins under way and the key are its own; plain HTTP on the loopback only. The key and
 * certificate beside this file are development-only and public.
 *
 * `samlAnswer` also builds the answers the server tests send on purpose wrong (another audience,
 * recipient or key, unsigned, expired), with the same library.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as validator from '@authenio/samlify-node-xmllint';
import * as samlifyModule from 'samlify';
import { closeServer, DevHttpError, escapeHtml, page, readFormBody, sendHtml } from '@portal/server-api/dev';

// Node's ESM loader names only some of samlify's CommonJS exports (SamlLib is a getter); its module object has them all.
const samlify = ((samlifyModule as { default?: typeof samlifyModule }).default ?? samlifyModule) as typeof samlifyModule;
samlify.setSchemaValidator(validator);

const KEY = readFileSync(path.join(import.meta.dirname, 'localSamlIdp.key.pem'), 'utf8');
const CERT = readFileSync(path.join(import.meta.dirname, 'localSamlIdp.cert.pem'), 'utf8');
const { binding } = samlify.Constants.namespace;
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const FORM_LIMIT = 64 * 1024;
const WRONG_CREDENTIALS = 'Wrong email or password.';

export interface LocalSamlUser {
  /** The persistent NameID. */
  nameId: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** The sign-in passed a second factor (reported as multi-factor authentication context). */
  mfa?: boolean;
}

export interface LocalSamlIdp {
  /** e.g. http://localhost:41234 (the name localhost, never 127.0.0.1). */
  url: string;
  entityId: string;
  metadataUrl: string;
  /** The signing certificate (base64 DER), as the metadata has it. */
  certificate: string;
  close(): Promise<void>;
}

export interface ServiceProviderSettings {
  entityId: string;
  acsUrl: string;
}

const serviceProvider = (sp: ServiceProviderSettings, wantAssertionsSigned = true) =>
  samlify.ServiceProvider({ entityID: sp.entityId, assertionConsumerService: [{ Binding: binding.post, Location: sp.acsUrl }], wantAssertionsSigned, authnRequestsSigned: false });

function identityProvider(entityId: string, ssoUrl: string, privateKey = KEY) {
  return samlify.IdentityProvider({
    entityID: entityId,
    privateKey,
    signingCert: CERT,
    wantAuthnRequestsSigned: false,
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [{ Binding: binding.redirect, Location: ssoUrl }],
    loginResponseTemplate: { context: ASSERTION_TEMPLATE, attributes: [] },
  });
}

const ASSERTION_TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>' +
  '<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}"><saml:Issuer>{Issuer}</saml:Issuer>' +
  '<saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{ConfirmationInResponseTo}"/></saml:SubjectConfirmation></saml:Subject>' +
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>{AuthnContext}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>{Email}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="givenName"><saml:AttributeValue>{GivenName}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="sn"><saml:AttributeValue>{FamilyName}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>' +
  '</saml:Assertion></samlp:Response>';

/** What an answer says; each field may be set wrong on purpose by a test. */
export interface SamlAnswer {
  idpEntityId: string;
  sp: ServiceProviderSettings;
  inResponseTo: string;
  user: Pick<LocalSamlUser, 'nameId' | 'email' | 'givenName' | 'familyName' | 'mfa'>;
  audience?: string;
  recipient?: string;
  /** Validity: from `notBefore` (default now) for `minutes` (default 5). */
  notBefore?: Date;
  minutes?: number;
  nameIdFormat?: string;
  /** Another private key signs it (an attacker's). */
  privateKey?: string;
  /** The signed confirmation's InResponseTo, when not the Response's ('' for an unsolicited assertion). */
  confirmationInResponseTo?: string;
  /** The Response's top-level status (Success by default). */
  statusCode?: string;
}

/** A signed SAMLResponse (base64), the assertion signed as the portal's metadata asks. */
export async function samlAnswer(answer: SamlAnswer): Promise<string> {
  const idp = identityProvider(answer.idpEntityId, 'http://localhost/unused', answer.privateKey);
  const sp = serviceProvider(answer.sp);
  const from = answer.notBefore ?? new Date();
  const until = new Date(from.getTime() + (answer.minutes ?? 5) * 60_000);
  const id = `_${randomUUID()}`;
  const values = {
    ID: id,
    AssertionID: `_${randomUUID()}`,
    IssueInstant: from.toISOString(),
    Destination: answer.sp.acsUrl,
    InResponseTo: answer.inResponseTo,
    ConfirmationInResponseTo: answer.confirmationInResponseTo ?? answer.inResponseTo,
    Issuer: answer.idpEntityId,
    StatusCode: answer.statusCode ?? samlify.Constants.StatusCode.Success,
    NameIDFormat: answer.nameIdFormat ?? PERSISTENT,
    NameID: answer.user.nameId,
    NotBefore: from.toISOString(),
    NotOnOrAfter: until.toISOString(),
    Recipient: answer.recipient ?? answer.sp.acsUrl,
    Audience: answer.audience ?? answer.sp.entityId,
    AuthnContext: answer.user.mfa ? 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract' : 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
    Email: answer.user.email,
    GivenName: answer.user.givenName,
    FamilyName: answer.user.familyName,
  };
  const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: answer.inResponseTo } } }, 'post', {}, (template: string) => ({
    id,
    context: samlify.SamlLib.replaceTagsByValue(template, values),
  }));
  return context;
}

/** A "the person said no" answer: a status, no assertion (providers do not sign these). */
export function refusalAnswer(idpEntityId: string, sp: ServiceProviderSettings, inResponseTo: string): string {
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeHtml(sp.acsUrl)}" InResponseTo="${escapeHtml(inResponseTo)}">` +
    `<saml:Issuer>${escapeHtml(idpEntityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode><samlp:StatusMessage>The person cancelled.</samlp:StatusMessage></samlp:Status></samlp:Response>`;
  return Buffer.from(xml).toString('base64');
}

/** The page that posts the answer to the service provider (a button, and a script that presses it). */
function postPage(acsUrl: string, response: string, relayState: string): { html: string; scriptHash: string } {
  const script = 'document.forms[0].submit()';
  const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
  return {
    scriptHash: hash,
    html: page(
      'Signing you in',
      `<h1>Signing you in</h1><form method="post" action="${escapeHtml(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(response)}"><input type="hidden" name="RelayState" value="${escapeHtml(relayState)}"><button type="submit">Continue</button></form><script>${script}</script>`,
    ),
  };
}

function signInPage(name: string, pending: string, email: string, error: string | undefined): string {
  const title = `${name} sign-in`;
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>` +
      (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="/sso/login"><input type="hidden" name="pending" value="${escapeHtml(pending)}">` +
      `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">` +
      `<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
      `<button type="submit">Sign in</button><button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></form>`,
  );
}

const errorPage = (message: string) => page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(message)}</p>`);

/** Starts the IdP for one service provider (the portal), on a free loopback port. */
export async function startLocalSamlIdp(options: { name: string; users: LocalSamlUser[]; sp: ServiceProviderSettings; port?: number; entityId?: string }): Promise<LocalSamlIdp> {
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof DevHttpError) return sendHtml(res, error.status, errorPage(error.code));
      console.error('local SAML IdP: request failed', error);
      sendHtml(res, 500, errorPage('The sign-in failed.'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  // A fixed entity ID keeps a saved connection valid across starts (the port changes).
  const entityId = options.entityId ?? `${url}/metadata`;
  const idp = identityProvider(entityId, `${url}/sso`);
  const sp = serviceProvider(options.sp);
  /** Sign-ins under way: the request's ID and RelayState, by a handle the form carries. */
  const pending = new Map<string, { requestId: string; relayState: string; at: number }>();

  handle = async (req, res) => {
    const at = new URL(req.url ?? '/', url);
    if (req.method === 'GET' && at.pathname === '/metadata') {
      res.writeHead(200, { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8' }).end(idp.getMetadata());
      return;
    }
    if (req.method === 'GET' && at.pathname === '/sso') {
      // samlify reads and schema-checks the AuthnRequest; it must come from the portal (its issuer).
      const request = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(at.searchParams) }).catch(() => null);
      const requestId: unknown = request?.extract?.request?.id;
      if (!request || typeof requestId !== 'string' || request.extract.issuer !== options.sp.entityId) throw new DevHttpError(400, 'That is not a sign-in request of the portal.');
      const handleId = randomUUID();
      pending.set(handleId, { requestId, relayState: at.searchParams.get('RelayState') ?? '', at: Date.now() });
      sendHtml(res, 200, signInPage(options.name, handleId, '', undefined));
      return;
    }
    if (req.method === 'POST' && at.pathname === '/sso/login') {
      const form = await readFormBody(req, FORM_LIMIT);
      const handleId = form.get('pending') ?? '';
      const signIn = pending.get(handleId);
      if (!signIn || Date.now() - signIn.at > 10 * 60_000) throw new DevHttpError(400, 'This sign-in has expired. Start again at the portal.');
      if (form.get('cancel')) {
        pending.delete(handleId);
        const posted = postPage(options.sp.acsUrl, refusalAnswer(entityId, options.sp, signIn.requestId), signIn.relayState);
        return sendHtml(res, 200, posted.html, posted.scriptHash);
      }
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const user = options.users.find((u) => u.email === email && u.password === form.get('password'));
      if (!user) return sendHtml(res, 401, signInPage(options.name, handleId, email, WRONG_CREDENTIALS));
      pending.delete(handleId);
      const response = await samlAnswer({ idpEntityId: entityId, sp: options.sp, inResponseTo: signIn.requestId, user });
      const posted = postPage(options.sp.acsUrl, response, signIn.relayState);
      return sendHtml(res, 200, posted.html, posted.scriptHash);
    }
    throw new DevHttpError(404, 'There is nothing here.');
  };

  const certificate = CERT.replace(/-----[^-]+-----|\s+/g, '');
  return { url, entityId, metadataUrl: `${url}/metadata`, certificate, close: () => closeServer(server) };
}
