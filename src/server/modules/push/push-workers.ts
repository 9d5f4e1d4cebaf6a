import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One push for a worker to seal and post: the device, the payload's text and the VAPID authorization. */
export interface WorkerPush {
  /** The device's address at its push service, parsed once where the VAPID token is chosen. */
  secure: boolean;
  hostname: string;
  port: string;
  path: string;
  p256dh: string;
  auth: string;
  payload: string;
  ttl: number;
  topic: string;
  authorization: string;
}

/** How a push went: accepted, the device is gone for good (404, 410), or failed. */
export type WorkerOutcome = 'sent' | 'gone' | 'failed';

// Each push is encrypted for its device alone (RFC 8291: a new key pair and an ECDH agreement each), a
// fraction of a millisecond of CPU, and posted on its own: a week's results of a big pool are a few
// hundred thousand of them, so worker threads seal and post them, each over connections it keeps open,
// and the main thread is left to the database. The sealing is written here against node:crypto rather
// than through web-push's request builder: the same bytes, a fifth less CPU a push (its key decoding,
// checks and buffers around the same agreement and cipher).
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const crypto = require('node:crypto');
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 128 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 128 }),
};
const KEY_INFO = Buffer.from('WebPush: info\\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\\0\\x01');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\\0\\x01');
const ONE = Buffer.from([1]);
const LAST_RECORD = Buffer.from([2]);
function hmac(key, ...parts) {
  const mac = crypto.createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}
// RFC 8291 with RFC 8188's aes128gcm coding, in one record: the device's key and auth secret, a key pair
// of this push's own, a random salt; the header carries the salt, the record size and our public key.
const own = crypto.createECDH('prime256v1');
function seal(p256dh, auth, text) {
  const device = Buffer.from(p256dh, 'base64url');
  const secret = Buffer.from(auth, 'base64url');
  if (device.length !== 65 || secret.length < 16) throw new Error('bad subscription keys');
  // A new key pair for each push, on the thread's one ECDH object (making the object costs more than the keys).
  const ownPublic = own.generateKeys();
  const ikm = hmac(hmac(secret, own.computeSecret(device)), KEY_INFO, device, ownPublic, ONE);
  const salt = crypto.randomBytes(16);
  const prk = hmac(salt, ikm);
  const cipher = crypto.createCipheriv('aes-128-gcm', hmac(prk, CEK_INFO).subarray(0, 16), hmac(prk, NONCE_INFO).subarray(0, 12));
  const header = Buffer.alloc(21 + 65);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  ownPublic.copy(header, 21);
  return Buffer.concat([header, cipher.update(text, 'utf8'), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()]);
}
function post(push) {
  return new Promise((resolve) => {
    let body;
    try {
      body = seal(push.p256dh, push.auth, push.payload);
    } catch {
      resolve('failed');
      return;
    }
    const headers = {
      Authorization: push.authorization,
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(body.length),
      TTL: String(push.ttl),
      Topic: push.topic,
      Urgency: 'normal',
    };
    const request = (push.secure ? https : http).request(
      {
        hostname: push.hostname,
        port: push.port,
        path: push.path,
        method: 'POST',
        headers,
        agent: push.secure ? agents.https : agents.http,
        timeout: 15000,
      },
      (answer) => {
        answer.resume();
        const status = answer.statusCode || 0;
        answer.on('end', () =>
          resolve(status === 404 || status === 410 ? 'gone' : status >= 200 && status < 300 ? 'sent' : 'failed'),
        );
        answer.on('error', () => resolve('failed'));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve('failed'));
    request.end(body);
  });
}
parentPort.on('message', async ({ id, pushes, concurrency }) => {
  const outcomes = new Array(pushes.length).fill('failed');
  let next = 0;
  const lane = async () => {
    while (next < pushes.length) {
      const i = next++;
      outcomes[i] = await post(pushes[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pushes.length) }, lane));
  parentPort.postMessage({ id, outcomes });
});
`;

/** Worker threads that seal and post pushes; idle workers do not keep the process alive. */
export class PushWorkers {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<
    number,
    { size: number; resolve: (outcomes: WorkerOutcome[]) => void }
  >();
  private next = 0;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER, { eval: true });
      worker.unref();
      worker.on('message', ({ id, outcomes }: { id: number; outcomes: WorkerOutcome[] }) => {
        this.waiting.get(id)?.resolve(outcomes);
        this.waiting.delete(id);
      });
      // A worker that dies fails what it held (those pushes count as failed), never hangs the sender.
      worker.on('error', () => {
        for (const [id, { size, resolve }] of this.waiting) {
          resolve(new Array(size).fill('failed'));
          this.waiting.delete(id);
        }
      });
      this.workers.push(worker);
    }
  }

  /** Seals and posts the pushes, a share to each worker, `concurrency` in flight in all; outcomes in order. */
  async send(pushes: readonly WorkerPush[], concurrency: number): Promise<WorkerOutcome[]> {
    const share = Math.ceil(pushes.length / this.workers.length);
    const lanes = Math.max(1, Math.ceil(concurrency / this.workers.length));
    const parts: Promise<WorkerOutcome[]>[] = [];
    this.workers.forEach((worker, w) => {
      const part = pushes.slice(w * share, (w + 1) * share);
      if (part.length === 0) return;
      const id = this.next++;
      parts.push(
        new Promise<WorkerOutcome[]>((resolve) => {
          this.waiting.set(id, { size: part.length, resolve });
          worker.postMessage({ id, pushes: part, concurrency: lanes });
        }),
      );
    });
    return (await Promise.all(parts)).flat();
  }
}

let shared: PushWorkers | null = null;
/** The process's workers, made on first use. */
export function pushWorkers(): PushWorkers {
  shared ??= new PushWorkers();
  return shared;
}
