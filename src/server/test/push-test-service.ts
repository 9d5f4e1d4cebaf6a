import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error: http_ece (web-push's own encryption) ships without type declarations
import ece from 'http_ece';
import type { PushPayload } from '../../core/contracts/push';

/** A device the test push service delivers to: its subscription as a browser would send it. */
export interface TestDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A push the service accepted, checked and decrypted. */
export interface ReceivedPush {
  device: string;
  payload: PushPayload;
  ttl: number;
  topic: string | undefined;
  /** The VAPID token's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with. */
  vapidKey: string;
}

/**
 * A push service on this machine for tests (no internet): it takes the Web Push protocol's requests
 * (RFC 8030), checks the VAPID signature (RFC 8292) against the key the request names, decrypts the
 * payload (RFC 8291, aes128gcm) with the device's private key, and keeps what arrived. A device can be
 * made gone (410) to test the clean-up.
 */
export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Requests it refused, with why (a bad signature, an unknown device). */
  readonly refused: string[] = [];
  private readonly devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private readonly gone = new Set<string>();
  /** When set, accepted pushes are only counted, not decrypted (a benchmark's load). */
  countOnly = false;
  count = 0;
  private server: Server | null = null;
  private origin = '';

  async start(): Promise<string> {
    this.server = createServer((request, reply) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { status, why } = this.take(request.url ?? '', request.headers, Buffer.concat(chunks));
        if (why) this.refused.push(why);
        reply.writeHead(status).end();
      });
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** A new device (a browser's subscription) on this service. */
  device(): TestDevice {
    const id = randomBytes(9).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.devices.set(id, { ecdh, auth });
    return {
      id,
      subscription: {
        endpoint: `${this.origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  /** From now on the device answers 410 Gone, as a service does for an unsubscribed browser. */
  makeGone(device: TestDevice): void {
    this.gone.add(device.id);
  }

  /** What a device received, in order. */
  pushesOf(device: TestDevice): ReceivedPush[] {
    return this.received.filter((push) => push.device === device.id);
  }

  private take(
    url: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): { status: number; why?: string } {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url)?.[1];
    const device = id === undefined ? undefined : this.devices.get(id);
    if (!id || !device) return { status: 404, why: `unknown device ${url}` };
    if (this.gone.has(id)) return { status: 410 };
    this.count += 1;
    if (this.countOnly) return { status: 201 };
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
    if (!auth) return { status: 401, why: 'no VAPID authorization' };
    const [, token, key] = auth;
    const claims = verifyVapid(token, key);
    if (!claims) return { status: 403, why: 'bad VAPID signature' };
    if (claims.aud !== this.origin) return { status: 403, why: `VAPID audience ${claims.aud}` };
    if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600 * 1000)
      return { status: 403, why: 'VAPID expiry out of range' };
    if (headers['content-encoding'] !== 'aes128gcm') return { status: 415, why: 'not aes128gcm' };
    let payload: PushPayload;
    try {
      const plain: Buffer = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.auth.toString('base64url'),
      });
      payload = JSON.parse(plain.toString('utf8'));
    } catch (error) {
      return { status: 400, why: `undecryptable: ${String(error)}` };
    }
    this.received.push({
      device: id,
      payload,
      ttl: Number(headers.ttl),
      topic: headers.topic === undefined ? undefined : String(headers.topic),
      claims,
      vapidKey: key,
    });
    return { status: 201 };
  }
}

/** The claims of an ES256 JWT signed by the raw P-256 public key `key`, or null when it does not verify. */
function verifyVapid(token: string, key: string): ReceivedPush['claims'] | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65) return null;
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${parts[0]}.${parts[1]}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(parts[2], 'base64url'),
  );
  if (!ok) return null;
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
}
