/**
 * `npm run cms`: the browser editor on this machine. Starts the editor's local backend (decap-server, which
 * reads and writes the files of this folder, behind a guard that answers only this computer's own pages:
 * scripts/cms-backend.ts) and the site's development server with the editor pointed at it, then prints the
 * address to open. Saves change the files under content/ here; nothing is sent anywhere. Both stay on this
 * computer (loopback) unless HOST opens the development server. Ctrl+C stops both. PORT (default 3000) and
 * CMS_PORT (default 8081) choose the ports.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { startCmsBackend } from "./cms-backend.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "3000";
const cmsPort = process.env.CMS_PORT || "8081";

// MODE fs: each save writes the file (no commit); you commit and push when the site should change.
const backend = await startCmsBackend({ repo: root, port: Number(cmsPort), sitePort: Number(port) }).catch(
  (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${cmsPort} is in use: set CMS_PORT to a free one (e.g. CMS_PORT=8082 npm run cms).`
        : `The editor's local backend did not start: ${error.message}`,
    );
    process.exit(1);
  },
);
const site = spawn(process.execPath, [path.join(root, "server.ts"), "--dev"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "development", CMS_LOCAL_BACKEND: backend.url },
});

console.log(
  `\nThe content editor: open http://localhost:${port}/cms/ and choose "Login" (it works on the files in ${path.join(root, "content")}).\n`,
);

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  if (site.exitCode === null) site.kill("SIGTERM");
  void backend.stop();
  process.exitCode = code;
};
backend.decap.on("exit", (code) => stop(code ?? 1));
site.on("exit", (code) => stop(code ?? 1));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
