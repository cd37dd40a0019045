/**
 * `npm run cms`: the browser editor on this machine. Starts the site's development server (loopback only unless
 * HOST opens it, docs/decisions/021-private-dev-tools.md) and prints the address to open. The editor works on
 * the files of this folder in the browser itself (Sveltia CMS's "Work with Local Repository", File System
 * Access API: Chrome or Edge): there is no server of its own, and nothing is sent anywhere. Saves change the
 * files under content/ here; you commit and push when the site should change. Ctrl+C stops it. PORT (default
 * 3000) chooses the port. docs/decisions/029-browser-editor.md.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "3000";

const site = spawn(process.execPath, [path.join(root, "server.ts"), "--dev"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "development" },
});

console.log(
  [
    "",
    `The content editor: open http://localhost:${port}/cms/ in Chrome or Edge, choose "Work with Local Repository"`,
    `and pick this folder (${root}). The first visit bundles the editor (a few seconds).`,
    "",
  ].join("\n"),
);

const stop = () => {
  if (site.exitCode === null) site.kill("SIGTERM");
};
site.on("exit", (code) => (process.exitCode = code ?? 1));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
