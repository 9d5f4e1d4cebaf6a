import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One push to encrypt: the device's keys and the payload's text. */
export interface PlainPush {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  ttl: number;
  topic: string;
}

/** An encrypted push, ready to post but for its VAPID authorization. */
export interface SealedPush {
  body: Uint8Array;
  headers: Record<string, string>;
}

// Each push is encrypted for its device alone (RFC 8291: a new key pair and an ECDH agreement each), a
// fraction of a millisecond of CPU: a week's results of a big pool are a few hundred thousand of them, so
// they are spread over worker threads while the main thread posts what is sealed.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const webPush = require(workerData.webPush);
parentPort.on('message', ({ id, pushes }) => {
  const sealed = [];
  const transfer = [];
  for (const push of pushes) {
    try {
      const details = webPush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        push.payload,
        { TTL: push.ttl, topic: push.topic, urgency: 'normal' },
      );
      const body = new Uint8Array(details.body);
      const headers = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      sealed.push({ body, headers });
      transfer.push(body.buffer);
    } catch (error) {
      sealed.push({ error: String(error) });
    }
  }
  parentPort.postMessage({ id, sealed }, transfer);
});
`;

type Sealed = SealedPush | { error: string };

/** A pool of worker threads that encrypt pushes; idle workers do not keep the process alive. */
export class EncryptPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, (sealed: Sealed[]) => void>();
  private readonly sizes = new Map<number, number>();
  private next = 0;
  private turn = 0;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    const webPush = createRequire(import.meta.url).resolve('web-push');
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER, { eval: true, workerData: { webPush } });
      worker.unref();
      worker.on('message', ({ id, sealed }: { id: number; sealed: Sealed[] }) => {
        this.waiting.get(id)?.(sealed);
        this.waiting.delete(id);
      });
      // A worker that dies fails what it held (those pushes count as failed), never hangs the sender.
      worker.on('error', () => {
        for (const [id, resolve] of this.waiting)
          resolve(Array(this.sizes.get(id) ?? 0).fill({ error: 'worker' }));
        this.waiting.clear();
      });
      this.workers.push(worker);
    }
  }

  /** Encrypts the pushes, in order, spread over the workers; a push that cannot be sealed is null. */
  async seal(pushes: readonly PlainPush[]): Promise<(SealedPush | null)[]> {
    const share = Math.ceil(pushes.length / this.workers.length);
    const parts: Promise<Sealed[]>[] = [];
    for (let at = 0; at < pushes.length; at += share) {
      const id = this.next++;
      const worker = this.workers[this.turn++ % this.workers.length];
      parts.push(
        new Promise<Sealed[]>((resolve) => {
          this.waiting.set(id, (sealed) => {
            this.sizes.delete(id);
            resolve(sealed);
          });
          this.sizes.set(id, Math.min(share, pushes.length - at));
          worker.postMessage({ id, pushes: pushes.slice(at, at + share) });
        }),
      );
    }
    const sealed = (await Promise.all(parts)).flat();
    return sealed.map((one) => ('error' in one ? null : one));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

let shared: EncryptPool | null = null;
/** The process's pool, made on first use. */
export function encryptPool(): EncryptPool {
  shared ??= new EncryptPool();
  return shared;
}
