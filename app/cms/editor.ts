/**
 * The browser editor's script (/cms): Sveltia CMS, bundled by the build from node_modules with its fonts and
 * icons (app/server/cms.server.ts, buildCmsEditor), so the page loads nothing from another host. Sveltia reads
 * /cms/config.yml, named by the page's <link rel="cms-config-url">.
 */
import CMS from "@sveltia/cms";

void CMS.init();
