import { createServer, connect, type Server, type Socket } from 'node:net';

// WebDriver has no offline switch (Playwright's context.setOffline has no W3C equivalent): the
// browser talks to the test server through this TCP relay, which can make the server unreachable
// as a shop's dead line or a server that is down makes it: the port refuses connections and the
// open ones are cut. navigator.onLine stays true, as it does on a tablet whose Wi-Fi is up: the app
// only learns it by trying (src/lib/online.ts).

export interface Relay {
  /** The address the browser uses: the app's origin for the whole file (its service worker, its IndexedDB). */
  url: string;
  /** Open connections are destroyed and new ones refused (ECONNREFUSED), until up(). */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const down = async () => {
    const s = server;
    server = null;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    down,
    up: () => (server ? Promise.resolve() : listen()),
    close: down,
  };
}
