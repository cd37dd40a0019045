/** HTTP spoken by hand on a socket: for clients a fetch() cannot imitate (slow, unfinished or oversized bodies). */
import { connect, type Socket } from "node:net";

/**
 * Opens a raw connection, writes `head`, and collects everything until the server closes it. `localAddress`
 * chooses the client's address (any of 127.0.0.0/8 on Linux loopback: a client of its own to the server).
 */
export function rawExchange(
  origin: string,
  head: string,
  { localAddress }: { localAddress?: string } = {},
): { socket: Socket; received: Promise<string>; firstData: Promise<string> } {
  const { hostname, port } = new URL(origin);
  const socket = connect({ port: Number(port), host: hostname, localAddress });
  let data = "";
  let gotFirst: (s: string) => void;
  const firstData = new Promise<string>((resolve) => (gotFirst = resolve));
  socket.on("data", (c: Buffer) => {
    data += c.toString("latin1");
    gotFirst(data);
  });
  socket.on("error", () => {});
  const received = new Promise<string>((resolve) => socket.on("close", () => resolve(data)));
  socket.write(head);
  return { socket, received, firstData };
}
