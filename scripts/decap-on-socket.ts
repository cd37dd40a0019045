/**
 * Preloaded into decap-server by scripts/cms-backend.ts (`node --import`): its one `app.listen(port, host)`
 * listens on the private socket DECAP_SOCKET instead (a Unix socket in a folder only this user can open, or a
 * named pipe on Windows), so no browser can reach it: every request comes through the guard in front.
 */
import net from "node:net";

const socketPath = process.env.DECAP_SOCKET;
if (!socketPath) throw new Error("DECAP_SOCKET is not set: decap-server is started by scripts/cms-backend.ts");
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  const callback = args.find((arg): arg is () => void => typeof arg === "function");
  return listen.call(this, socketPath, callback);
} as typeof listen;
