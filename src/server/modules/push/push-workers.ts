import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One push for a worker to seal and post: the device, the payload's text and the VAPID authorization. */
export interface WorkerPush {
  endpoint: string;
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
// and the main thread is left to the database.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const webPush = require(workerData.webPush);
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
};
function post(push) {
  return new Promise((resolve) => {
    let details;
    try {
      details = webPush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        push.payload,
        { TTL: push.ttl, topic: push.topic, urgency: 'normal' },
      );
    } catch {
      resolve('failed');
      return;
    }
    const url = new URL(details.endpoint);
    const headers = { Authorization: push.authorization, 'Content-Length': String(details.body.length) };
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers, agent: agents[url.protocol], timeout: 15000 },
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
    request.end(details.body);
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
    const webPush = createRequire(import.meta.url).resolve('web-push');
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER, { eval: true, workerData: { webPush } });
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
