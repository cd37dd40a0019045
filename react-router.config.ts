import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { businessDay, expiredJobs, jobs } from "./app/content/careers.ts";
import { collectionSlugs } from "./app/content/build-time/load.server.ts";
import { alwaysPrerendered, sitePaths } from "./app/lib/pages.ts";
import { writeCmsBuild } from "./app/server/cms.server.ts";
import { cachedCmsEditor } from "./scripts/cms-editor-cache.ts";
import { postBuild } from "./scripts/post-build.ts";

const blogSlugs = collectionSlugs("blog");

export default {
  // SSR stays on so form actions run on the server; every page is also prerendered to static HTML, which the
  // server answers from memory (app/server/prerendered.server.ts; docs/decisions/002-rendering-and-serving.md).
  ssr: true,
  prerender: {
    paths: [...sitePaths(blogSlugs), ...alwaysPrerendered(), "/sitemap.xml", "/robots.txt", "/blog/rss.xml"],
    concurrency: 2,
  },
  // After React Router has built and prerendered: what makes the build complete (docs/decisions/018-framework-seam.md).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const buildDir = reactRouterConfig.buildDirectory;
    // The SITE_URL this build was made for (vite.config.ts defines it into the pages): a production server
    // with another SITE_URL refuses to start (server.ts), since links, canonical URLs and the sitemap name this one.
    const siteUrl = JSON.parse(String(viteConfig.define?.__SITE_URL__)) as string;
    writeFileSync(path.join(buildDir, "site.json"), `${JSON.stringify({ siteUrl })}\n`);
    // The browser editor (/cms): its page, its script bundled from node_modules (the bundle made once per machine,
    // scripts/cms-editor-cache.ts), and config.yml generated from the content collections.
    await writeCmsBuild(path.join(buildDir, "client"), siteUrl, process.env, cachedCmsEditor);
    // An expired job listing is left off /careers and its JobPosting data (app/content/careers.ts): say so.
    for (const job of expiredJobs(jobs, businessDay(new Date())))
      viteConfig.logger.warn(
        `Job listing content/jobs/${job.slug}.yaml expired after ${job.validThrough}: left off /careers. Set a new validThrough or delete the file.`,
      );
    // Hydration files, CSP hashes, social images, precompressed copies (scripts/post-build.ts; the last two
    // after the server answers when `npm start` builds).
    await postBuild(buildDir, (line) => viteConfig.logger.info(line));
  },
} satisfies Config;
