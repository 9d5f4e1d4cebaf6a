import net from 'node:net';

export interface TcpRelay {
  /** The loopback port the relay listens on (the same after a restore). */
  port: number;
  /** Connections relayed since the relay started. */
  readonly accepted: number;
  /** The service "goes away": every relayed connection is destroyed and new ones are refused. */
  cut(): Promise<void>;
  /** The service is back on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to a service (PostgreSQL, Redis) that a test cuts and restores: what connects through
 * it sees the service restart, while the service itself (shared with other tests) runs on.
 */
export async function tcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let accepted = 0;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer((client) => {
        accepted++;
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const closing = server;
    server = undefined;
    // Refuse new connections first, then end the relayed ones (close waits for them).
    const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    get accepted() {
      return accepted;
    },
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
