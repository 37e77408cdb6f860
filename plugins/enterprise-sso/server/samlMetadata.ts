/**
 * A SAML identity provider's metadata, as a company admin gives it (the XML, or its URL): its
 * entity ID, where the browser goes to sign in (the HTTP-Redirect binding), and the certificates
 * its signatures are checked with. Read with xmldom (which resolves no external entity) after any
 * document type declaration is refused outright: no entity of any kind is expanded.
 */
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { ERROR_CODES as E } from '@portal/plugin-api/contract';
import { fail, type ServerContext as Ctx } from '@portal/server-api';
import type { MetadataProblem } from '../contract';
import { checkIssuer, requirePublicHost } from '@portal/server-api/federation';

export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_METADATA_BYTES = 512 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** base64 DER, as the metadata writes them. */
  certificates: string[];
}

/** A certificate's validity end, for the Company tab (null when it cannot be read). */
export function certificateExpiry(base64: string): string | null {
  try {
    return new Date(new X509Certificate(Buffer.from(base64, 'base64')).validTo).toISOString();
  } catch {
    return null;
  }
}

/** Refused with the reason the Company tab words (MetadataProblem), and an English message for logs and back ends. */
function refuse(reason: MetadataProblem, message: string): never {
  fail(E.invalidParameter, { field: 'metadata', reason }, message);
}

/** Reads the metadata's XML; -10020 (field metadata) with what is wrong. */
export function parseIdpMetadata(ctx: Ctx, xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES) refuse('tooLarge', 'The metadata is too large.');
  // No DTD, so no entity (external or nested) can be declared, let alone expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse('doctype', 'The metadata must not declare a document type.');
  const errors: string[] = [];
  const note = (message: string) => errors.push(message);
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: note, fatalError: note } }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc?.documentElement) refuse('notXml', 'The metadata is not well-formed XML.');
  const select = xpath.useNamespaces({ md: 'urn:oasis:names:tc:SAML:2.0:metadata', ds: 'http://www.w3.org/2000/09/xmldsig#' });
  const entities = select('//md:EntityDescriptor[md:IDPSSODescriptor]', doc) as Element[];
  if (entities.length !== 1) refuse('notOneProvider', 'The metadata must describe exactly one identity provider (an EntityDescriptor with an IDPSSODescriptor).');
  const entity = entities[0]!;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  if (!entityId || entityId.length > 1024) refuse('notOneProvider', 'The metadata names no entity ID.');
  const sso = (select(`md:IDPSSODescriptor/md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']/@Location`, entity) as Attr[])[0]?.value.trim();
  if (!sso) refuse('noRedirectBinding', 'The provider offers no single sign-on service with the HTTP-Redirect binding.');
  // The browser is sent there: https (loopback http off production), like an OpenID issuer.
  try {
    checkIssuer(ctx, sso, { query: true });
  } catch {
    refuse('ssoNotHttps', 'The single sign-on address must be https.');
  }
  // Signing keys: those marked for signing, or for no use in particular.
  const certificates = (select("md:IDPSSODescriptor/md:KeyDescriptor[not(@use) or @use='signing']/ds:KeyInfo/ds:X509Data/ds:X509Certificate/text()", entity) as Text[])
    .map((t) => t.data.replace(/\s+/g, ''))
    .filter((c, i, all) => c !== '' && all.indexOf(c) === i);
  if (certificates.length === 0) refuse('noCertificate', 'The metadata holds no signing certificate.');
  for (const c of certificates) if (certificateExpiry(c) === null) refuse('noCertificate', 'A signing certificate in the metadata cannot be read.');
  return { entityId, ssoUrl: sso, certificates };
}

/** A response's body as UTF-8, read no further than `limit` bytes (a larger one is refused as it streams). */
async function readLimited(res: Response, limit: number): Promise<string> {
  if (Number(res.headers.get('content-length') ?? '0') > limit) throw new Error('too large');
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) {
      await res.body.cancel().catch(() => undefined);
      throw new Error('too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Fetches metadata from its URL (public addresses only, in production) and reads it. */
export async function fetchIdpMetadata(ctx: Ctx, url: string): Promise<IdpMetadata> {
  let address: URL;
  try {
    address = checkIssuer(ctx, url, { query: true });
  } catch {
    return fail(E.invalidParameter, { field: 'metadataUrl' }, 'The metadata URL must be https, without credentials or fragment.');
  }
  let text: string;
  try {
    if (ctx.options.production) await requirePublicHost(address.toString());
    const res = await fetch(address, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await readLimited(res, MAX_METADATA_BYTES);
  } catch (err) {
    if (err instanceof Error && err.message === 'too large') refuse('tooLarge', 'The metadata is too large.');
    console.warn(`enterprise sign-in: SAML metadata at ${address.toString()} could not be read: ${err instanceof Error ? err.message : String(err)}`);
    return fail(E.identityProviderFailed, undefined, `The metadata at ${address.toString()} could not be read.`, 502);
  }
  return parseIdpMetadata(ctx, text);
}
