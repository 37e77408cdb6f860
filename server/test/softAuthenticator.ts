/**
 * A software WebAuthn authenticator for the server tests: ES256 keys from node:crypto, CBOR from
 * @simplewebauthn's helpers. It answers the server's options as a browser with a platform
 * authenticator would (attestation "none", discoverable credentials, user verified), and every
 * part a test needs to break (challenge, origin, counter, UV flag, user handle) can be changed.
 */
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type Json = Record<string, unknown>;

export interface SoftCredential {
  id: Buffer;
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

const b64 = (data: Buffer | Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Buffer | string) => crypto.createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(counter: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return b;
}

function coseKey(publicKey: crypto.KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return isoCBOR.encode(key);
}

export interface CeremonyTweaks {
  /** Another challenge than the options' (base64url as the browser echoes it). */
  challenge?: string;
  origin?: string;
  /** Without the user-verified flag. */
  noUv?: boolean;
  /** The counter to sign (default: one more than the last). */
  counter?: number;
  /** Another user handle than the credential's. */
  userHandle?: string;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  /** navigator.credentials.create() for `options` (PublicKeyCredentialCreationOptionsJSON). */
  create(options: Json, tweaks: CeremonyTweaks = {}): Json {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = crypto.randomBytes(32);
    const credential: SoftCredential = { id, privateKey, publicKey, userHandle: user.id, rpId: rp.id, counter: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([FLAG_UP | (tweaks.noUv ? 0 : FLAG_UV) | FLAG_AT]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(coseKey(publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = { type: 'webauthn.create', challenge: tweaks.challenge ?? (options.challenge as string), origin: tweaks.origin ?? this.origin, crossOrigin: false };
    this.credentials.push(credential);
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: { clientDataJSON: b64(JSON.stringify(clientData)), attestationObject: b64(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() for `options` with `credential` (default: the first allowed, or the newest). */
  get(options: Json, credential?: SoftCredential, tweaks: CeremonyTweaks = {}): Json {
    const allowed = (options.allowCredentials as Array<{ id: string }> | undefined) ?? [];
    const chosen = credential ?? (allowed.length > 0 ? this.credentials.find((c) => allowed.some((a) => a.id === b64(c.id))) : this.credentials.at(-1));
    if (!chosen) throw new Error('no credential for these options');
    chosen.counter = tweaks.counter ?? chosen.counter + 1;
    const authData = Buffer.concat([sha256(chosen.rpId), Buffer.from([FLAG_UP | (tweaks.noUv ? 0 : FLAG_UV)]), counterBytes(chosen.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: tweaks.challenge ?? (options.challenge as string), origin: tweaks.origin ?? this.origin, crossOrigin: false }));
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), chosen.privateKey);
    return {
      id: b64(chosen.id),
      rawId: b64(chosen.id),
      type: 'public-key',
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: tweaks.userHandle ?? chosen.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
