/**
 * The browser editor at /cms (Sveltia CMS, docs/decisions/029-browser-editor.md), driven as the owner drives it
 * on their computer: "Work with Local Repository", then a folder. The editor reads and writes that folder in
 * the browser (File System Access API); the browser's folder picker is a native window a headless browser
 * cannot answer, so the test hands the page a folder it prepared: before the editor loads, the page's
 * showDirectoryPicker is replaced by one that returns a folder of the page's own private file system (OPFS),
 * filled with a copy of content/ and an empty .git (the editor asks for a repository's root). The editor then
 * reads and writes it through the same File System Access calls as a folder on disk; the test reads the files
 * back and loads them with the site's own loader (the build would accept them). Every request to another host
 * is refused and recorded, and so is every Content-Security-Policy violation: both lists must stay empty.
 * GitHub's status, which the sign-in page asks for, is answered here without leaving the machine.
 */
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { collections } from "../../app/content/collections.ts";
import { galleryProblems } from "../../app/content/build-time/gallery-check.server.ts";
import { loadCollection } from "../../app/content/build-time/load.server.ts";
import { ROOT } from "../support/processes.ts";
import { testPhoto } from "../support/test-photos.ts";
import { cleanupAfterEach } from "./fixtures.ts";

test.skip(({ isMobile }) => isMobile, "the editor is used at a desk: checked on the desktop project");

const { tempDir } = cleanupAfterEach();

/** The folder in the page's private file system that stands for the owner's copy of the repository. */
const REPO = "repo";
const GITHUB_STATUS = "https://www.githubstatus.com/api/v2/status.json";

/** Every file under `dir`, by its path relative to `dir` ("/" separated), with its bytes in base64. */
function filesUnder(dir: string, at = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(path.join(dir, at))) {
    const rel = at ? `${at}/${name}` : name;
    if (statSync(path.join(dir, rel)).isDirectory()) Object.assign(files, filesUnder(dir, rel));
    else files[rel] = readFileSync(path.join(dir, rel)).toString("base64");
  }
  return files;
}

interface Editor {
  /** The repository's files as the editor left them (path → base64), written to `dir` for the site's loader. */
  read(): Promise<{ files: Record<string, string>; contentDir: string }>;
  /** The repository's files before the editor saw them. */
  before: Record<string, string>;
  /** Requests the page tried to send to any other host (refused). */
  offsite: string[];
  /** Content-Security-Policy violations the page reported. */
  violations: string[];
}

async function openEditor(page: Page): Promise<Editor> {
  const offsite: string[] = [];
  await page.context().route(
    (url) => !/^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(url.origin),
    (route) => {
      if (route.request().url() === GITHUB_STATUS)
        return route.fulfill({ json: { status: { indicator: "none", description: "All Systems Operational" } } });
      offsite.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript((repo) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
    // The folder picker, answered with the folder the test prepared in this origin's private file system.
    Object.defineProperty(window, "showDirectoryPicker", {
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(repo),
    });
  }, REPO);

  await page.goto("/cms/");
  const before = Object.fromEntries(
    Object.entries(filesUnder(path.join(ROOT, "content"))).map(([file, bytes]) => [`content/${file}`, bytes]),
  );
  await page.evaluate(
    async ({ repo, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(repo, { create: true });
      await root.getDirectoryHandle(".git", { create: true });
      for (const [file, base64] of Object.entries(files)) {
        const parts = file.split("/");
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        await writable.close();
      }
    },
    { repo: REPO, files: before },
  );

  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await expect(page.getByRole("tree", { name: "Collection List" })).toBeVisible();

  const read = async () => {
    const files = await page.evaluate(async (repo) => {
      const out: Record<string, string> = {};
      const walk = async (dir: FileSystemDirectoryHandle, at: string) => {
        for await (const [name, handle] of dir as unknown as AsyncIterable<[string, FileSystemHandle]>) {
          const rel = at ? `${at}/${name}` : name;
          if (handle.kind === "directory") await walk(handle as FileSystemDirectoryHandle, rel);
          // A save in progress: Chromium writes a swap file beside the file, gone once the write is done.
          else if (!name.endsWith(".crswap")) {
            const file = await (handle as FileSystemFileHandle).getFile().catch(() => null);
            if (!file) continue;
            const bytes = new Uint8Array(await file.arrayBuffer());
            let binary = "";
            for (const byte of bytes) binary += String.fromCharCode(byte);
            out[rel] = btoa(binary);
          }
        }
      };
      await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(repo), "");
      return out;
    }, REPO);
    const dir = tempDir("gs-cms");
    for (const [file, base64] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), Buffer.from(base64, "base64"));
    }
    return { files, contentDir: path.join(dir, "content") };
  };
  return { read, before, offsite, violations };
}

/** The files the editor added or changed, by path. */
const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after)
    .filter((file) => before[file] !== after[file])
    .sort();

/** Opens a collection from the collection list, as the owner does. */
async function openCollection(page: Page, label: string) {
  await page.getByRole("tree", { name: "Collection List" }).getByRole("treeitem", { name: label }).click();
}

test("the owner edits a FAQ answer in the browser editor, and only that answer changes on disk", async ({ page }) => {
  test.setTimeout(90_000);
  const editor = await openEditor(page);
  const faqFile = `content/${collections.faq.file}`;
  const faqBefore = loadCollection("faq", path.join(ROOT, "content"));
  const [first, ...others] = faqBefore.questions;
  const answer = `${first!.answer.slice(0, 1400)} Updated in the browser editor.`;

  await openCollection(page, collections.faq.label);
  await page.getByRole("row", { name: collections.faq.label }).click();
  // The first question of the list: expanded, its answer rewritten.
  const item = page
    .getByRole("group")
    .filter({ has: page.getByRole("button", { name: "Reorder Item" }) })
    .filter({ hasNot: page.getByRole("button", { name: "Expand All" }) })
    .first();
  await expect(item).toContainText(first!.question);
  await item.getByRole("button", { name: "Expand", exact: true }).click();
  await expect(item.getByRole("textbox", { name: "Question" })).toHaveValue(first!.question);
  await item.getByRole("textbox", { name: "Answer" }).fill(answer);
  // The README's picture of the editor (docs/images/cms-editor.png): CMS_SCREENSHOT=docs/images/cms-editor.png.
  if (process.env.CMS_SCREENSHOT) {
    mkdirSync(path.dirname(process.env.CMS_SCREENSHOT), { recursive: true });
    await page.screenshot({ path: process.env.CMS_SCREENSHOT });
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();

  // What the owner gets: content/faq.yaml with the new answer, every other file as it was.
  await expect.poll(async () => changed(editor.before, (await editor.read()).files)).toEqual([faqFile]);
  const { contentDir } = await editor.read();
  const faqAfter = loadCollection("faq", contentDir);
  expect(faqAfter.questions[0]).toEqual({ ...first, answer });
  expect(faqAfter.questions.slice(1)).toEqual(others);

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("the owner adds a before/after pair with two photos uploaded in the editor, and the build accepts it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const editor = await openEditor(page);
  const content = path.join(ROOT, "content");
  const service = loadCollection("services", content).find((s) => s.slug === "driveway-cleaning")!;
  const city = loadCollection("cities", content).find((c) => c.slug === "garden-city")!;

  // Two photos the test makes (never a real photo), as files on the owner's computer.
  const desk = tempDir("gs-cms-photos");
  const photos = {
    before: {
      file: path.join(desk, "garden-city-driveway-before.jpg"),
      label: "BEFORE",
      from: "#4b5563",
      to: "#1f2937",
    },
    after: { file: path.join(desk, "garden-city-driveway-after.jpg"), label: "AFTER", from: "#e5e7eb", to: "#cbd5e1" },
  };
  for (const photo of Object.values(photos))
    writeFileSync(photo.file, await testPhoto({ width: 640, height: 480, ...photo }));

  await openCollection(page, collections.gallery.label);
  await page.getByRole("main").getByRole("button", { name: "Create New Entry" }).first().click();
  const form = page.getByRole("group", { name: "Content Editor" });

  // Each photo: Browse → the media library → Upload → the file → Insert.
  for (const [which, label] of [
    ["before", "Before photo"],
    ["after", "After photo"],
  ] as const) {
    const field = form.getByRole("group", { name: new RegExp(`${label}.*Field`) });
    await field.getByRole("button", { name: "Browse" }).click();
    const library = page.getByRole("dialog", { name: "Select Image" });
    const chooser = page.waitForEvent("filechooser");
    await library.getByRole("button", { name: "Upload" }).click();
    await (await chooser).setFiles(photos[which].file);
    await expect(library.getByRole("option", { name: path.basename(photos[which].file) })).toBeVisible();
    await library.getByRole("button", { name: "Insert" }).click();
    await expect(library).toBeHidden();
    await expect(field.getByRole("textbox", { name: label })).toHaveText(new RegExp(path.basename(photos[which].file)));
  }

  const title = "Oil stains lifted from a Garden City driveway";
  const alt = {
    before: "Concrete driveway dark with oil stains and tire marks by the garage",
    after: "The same driveway clean and evenly light grey, the stains gone",
  };
  await form.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  for (const [label, option] of [
    ["Service", service.title],
    ["City", city.city],
  ] as const) {
    await form.getByRole("combobox", { name: label, exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }
  await form.getByRole("textbox", { name: "Date of the job", exact: true }).fill("2026-06-14");
  await form
    .getByRole("textbox", { name: "Caption", exact: true })
    .fill("Hot-water surface cleaning at 3,000 PSI, then a degreaser on the oil spots.");
  const altFields = form.getByRole("textbox", { name: "Description for screen readers (alt text)", exact: true });
  await altFields.nth(0).fill(alt.before);
  await altFields.nth(1).fill(alt.after);
  if (process.env.CMS_SCREENSHOT_UPLOAD)
    await page.screenshot({ path: process.env.CMS_SCREENSHOT_UPLOAD, fullPage: true });
  await page.getByRole("button", { name: "Save", exact: true }).click();

  // What the owner gets: exactly one new pair file and its two photos in content/gallery/photos/, with the
  // uploaded bytes; nothing else written.
  const galleryDir = `content/${collections.gallery.folder}`;
  const photoPaths = Object.values(photos).map((p) => `${galleryDir}/photos/${path.basename(p.file)}`);
  await expect.poll(async () => changed(editor.before, (await editor.read()).files).length).toBe(3);
  const { files, contentDir } = await editor.read();
  const added = changed(editor.before, files);
  const pairFile = added.find((file) => !photoPaths.includes(file))!;
  expect(added).toEqual([pairFile, ...photoPaths].sort());
  expect(pairFile).toMatch(new RegExp(`^${galleryDir}/[a-z0-9-]+\\.yaml$`));
  const pairs = loadCollection("gallery", contentDir);
  const pair = pairs.find((p) => `${galleryDir}/${p.slug}.yaml` === pairFile)!;
  expect(pair).toMatchObject({ title, service: service.slug, city: city.slug, date: "2026-06-14" });
  for (const which of ["before", "after"] as const) {
    expect(pair[which]).toEqual({ image: `photos/${path.basename(photos[which].file)}`, alt: alt[which] });
    expect(Buffer.from(files[`${galleryDir}/${pair[which].image}`]!, "base64")).toEqual(
      readFileSync(photos[which].file),
    );
  }
  // The build's own check: the service and city are the site's, the photos are there.
  const known = {
    services: loadCollection("services", contentDir).map((s) => s.slug),
    cities: loadCollection("cities", contentDir).map((c) => c.slug),
  };
  expect(galleryProblems(pairs, known, contentDir)).toEqual([]);

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("a file with values the editor has no field for keeps them when the owner saves it", async ({ page }) => {
  test.setTimeout(90_000);
  const editor = await openEditor(page);
  const areaBefore = loadCollection("serviceArea", path.join(ROOT, "content"));
  const [town, ...others] = areaBefore.alsoOnAbout;
  await openCollection(page, collections.serviceArea.label);
  await page.getByRole("row", { name: collections.serviceArea.label }).click();
  // The response time words are keyed by phrases ("Same Day"), which cannot be field names: not in the form.
  const form = page.getByRole("group", { name: "Content Editor" });
  await expect(form.getByText(Object.keys(areaBefore.responseTimeWords)[0]!, { exact: true })).toHaveCount(0);
  const field = form.getByRole("group", { name: /Also on about.*Field/i });
  await field.getByRole("textbox").first().fill(`${town} and nearby`);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  const areaFile = `content/${collections.serviceArea.file}`;
  await expect.poll(async () => changed(editor.before, (await editor.read()).files)).toEqual([areaFile]);
  const areaAfter = loadCollection("serviceArea", (await editor.read()).contentDir);
  expect(areaAfter).toEqual({ ...areaBefore, alsoOnAbout: [`${town} and nearby`, ...others] });

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("/cms answers with its own strict policy, and no public page loads anything of it", async ({ request }) => {
  const answer = await request.get("/cms/");
  expect(answer.status()).toBe(200);
  const headers = answer.headers();
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["cache-control"]).toBe("no-store");
  const csp = headers["content-security-policy"]!;
  const directive = (name: string) =>
    csp
      .split("; ")
      .find((d) => d.startsWith(`${name} `))
      ?.split(" ")
      .slice(1) ?? [];
  expect(directive("default-src")).toEqual(["'none'"]);
  // Scripts from this site only; no 'unsafe-inline' or 'unsafe-eval' anywhere, styles by their hashes.
  expect(directive("script-src")).toEqual(["'self'"]);
  expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  expect(directive("style-src")[0]).toBe("'self'");
  expect(directive("style-src").slice(1).length).toBeGreaterThan(0);
  for (const source of directive("style-src").slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  expect(directive("font-src")).toEqual(["'self'"]);
  expect(directive("frame-ancestors")).toEqual(["'none'"]);
  // The editor's script comes from this build: the page names it, and it is served from /cms/.
  const html = await answer.text();
  const script = /<script type="module" src="(\/cms\/[^"]+)"><\/script>/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect((await request.get(script!)).status()).toBe(200);
  // The same page at /cms, without the slash (the configuration is named by an absolute address).
  expect(await (await request.get("/cms", { maxRedirects: 0 })).text()).toBe(html);
  const config = await (await request.get("/cms/config.yml")).text();
  expect(config).toContain("collections:");
  expect(config).not.toContain("local_backend");

  // Not in the sitemap, disallowed for robots, and no prerendered page refers to anything under /cms.
  expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/cms$/m);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/cms");
  const pages = JSON.parse(readFileSync(path.join(ROOT, "build/csp-hashes.json"), "utf8")) as Record<string, string[]>;
  expect(Object.keys(pages).length).toBeGreaterThan(1);
  expect(Object.keys(pages)).not.toContain("/cms");
  for (const pagePath of Object.keys(pages)) {
    const page = readFileSync(path.join(ROOT, "build/client", pagePath, "index.html"), "utf8");
    expect(page, pagePath).not.toMatch(/["'(]\/cms\b/);
  }
  // A public page answers with the site's own policy, not the editor's.
  const home = await request.get("/");
  expect(home.headers()["content-security-policy"]).not.toContain("unsafe-hashes");
});
