/**
 * `npm run cms`: the browser editor on this machine. Starts decap-server (Decap's local backend, which reads
 * and writes the files of this folder) and the site's development server with the editor pointed at it, then
 * prints the address to open. Saves change the files under content/ here; nothing is sent anywhere.
 * Ctrl+C stops both. PORT (default 3000) and CMS_PORT (default 8081) choose the ports.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "3000";
const cmsPort = process.env.CMS_PORT || "8081";
const backend = `http://127.0.0.1:${cmsPort}/api/v1`;

const decapServer = spawn(process.execPath, [path.join(root, "node_modules/decap-server/dist/index.js")], {
  cwd: root,
  stdio: "inherit",
  // MODE fs: each save writes the file (no commit); you commit and push when the site should change.
  env: {
    ...process.env,
    PORT: cmsPort,
    BIND_HOST: "127.0.0.1",
    GIT_REPO_DIRECTORY: root,
    MODE: "fs",
    LOG_LEVEL: "warn",
  },
});
const site = spawn(process.execPath, [path.join(root, "server.ts"), "--dev"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "development", CMS_LOCAL_BACKEND: backend },
});

console.log(
  `\nThe content editor: open http://localhost:${port}/cms/ and choose "Login" (it works on the files in ${path.join(root, "content")}).\n`,
);

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of [decapServer, site]) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
};
decapServer.on("exit", (code) => stop(code ?? 1));
site.on("exit", (code) => stop(code ?? 1));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
