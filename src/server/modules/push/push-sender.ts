import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { PushPayload } from '../../../core/contracts/push';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { pushWorkers } from './push-workers';

/** A device as the push protocol needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push went: accepted, the device is gone for good (404, 410: its row is deleted), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid';

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when configured, else one the server made
 * once and keeps in the database, as the unsubscribe key: every instance signs with it, and devices
 * subscribed with its public key keep working across restarts (a new key would orphan them all).
 */
const kept = new WeakMap<Db, Promise<VapidKeys>>();
export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey } = ctx.config;
  if (vapidPublicKey && vapidPrivateKey)
    return Promise.resolve({ publicKey: vapidPublicKey, privateKey: vapidPrivateKey });
  let keys = kept.get(ctx.db);
  if (!keys) {
    keys = loadOrMakeKeys(ctx.db);
    kept.set(ctx.db, keys);
    keys.catch(() => kept.delete(ctx.db));
  }
  return keys;
}

async function loadOrMakeKeys(db: Db): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify(made) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the VAPID keys could not be stored');
  return JSON.parse(row.value) as VapidKeys;
}

/** Whether a subscription's address is one of the configured push services (never a host of ours). */
export function isPushServiceAddress(endpoint: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  const known = hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  // Plain http only to a push service a test runs on this machine.
  return known && (url.protocol === 'https:' || (url.protocol === 'http:' && host === '127.0.0.1'));
}

/** A VAPID token lasts 12 hours at most; one is signed per push service and reused for most of that. */
const TOKEN_LIFE_S = 12 * 60 * 60;
const TOKEN_REUSE_MS = 11 * 60 * 60 * 1000;

/** Signs VAPID tokens once per push service origin for hours, instead of once per push. */
export class PushSender {
  private readonly tokens = new Map<string, { authorization: string; until: number }>();

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  /**
   * Sends one encrypted payload (RFC 8291) to one device, as `sendMany` does. `topic` lets the push service
   * replace a push not yet delivered by its repeat; `ttlSeconds` is how long it may wait for an offline device.
   */
  async send(target: PushTarget, payload: PushPayload, ttlSeconds: number): Promise<PushOutcome> {
    const [outcome] = await this.sendMany([{ target, payload, ttlSeconds }], 1);
    return outcome;
  }

  /**
   * Sends many pushes: sealed and posted by the worker threads (push-workers.ts), `concurrency` in flight
   * in all; this thread only signs the VAPID token of each push service. Outcomes in the order of `sends`.
   */
  async sendMany(
    sends: readonly { target: PushTarget; payload: PushPayload; ttlSeconds: number }[],
    concurrency: number,
  ): Promise<PushOutcome[]> {
    return pushWorkers().send(
      sends.map(({ target, payload, ttlSeconds }) => {
        const url = new URL(target.endpoint);
        return {
          secure: url.protocol === 'https:',
          // An IPv6 address without its brackets, as a request's options take it.
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port,
          path: `${url.pathname}${url.search}`,
          p256dh: target.p256dh,
          auth: target.auth,
          payload: JSON.stringify(payload),
          ttl: Math.max(0, Math.round(ttlSeconds)),
          topic: topicOf(payload.tag),
          authorization: this.authorization(url.origin),
        };
      }),
      concurrency,
    );
  }

  private authorization(audience: string): string {
    const now = Date.now();
    const held = this.tokens.get(audience);
    if (held && held.until > now) return held.authorization;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      this.subject,
      this.keys.publicKey,
      this.keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + TOKEN_LIFE_S,
    );
    this.tokens.set(audience, { authorization: Authorization, until: now + TOKEN_REUSE_MS });
    return Authorization;
  }
}

/** A push service's Topic header: at most 32 characters of the URL-safe alphabet. */
export function topicOf(tag: string): string {
  let hash = 0;
  for (let i = 0; i < tag.length; i++) hash = (Math.imul(hash, 31) + tag.charCodeAt(i)) | 0;
  const safe = tag.replace(/[^A-Za-z0-9_-]/g, '-');
  return safe.length <= 32 ? safe : `${safe.slice(0, 23)}-${(hash >>> 0).toString(36)}`.slice(0, 32);
}

const senders = new WeakMap<Db, Promise<PushSender>>();
/** The instance's sender, with its key pair. */
export function pushSender(ctx: AppContext): Promise<PushSender> {
  let sender = senders.get(ctx.db);
  if (!sender) {
    sender = vapidKeys(ctx).then((keys) => new PushSender(keys, ctx.config.vapidSubject));
    senders.set(ctx.db, sender);
    sender.catch(() => senders.delete(ctx.db));
  }
  return sender;
}
