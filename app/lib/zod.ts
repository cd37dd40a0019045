/**
 * Zod for every schema of the app: `import { z } from "…/lib/zod.ts"`, never from "zod" itself (npm run lint
 * says so). Zod compiles a fast object parser with `new Function` when it can, and probes for that the first time
 * an object is parsed; the site's Content-Security-Policy has no 'unsafe-eval', so in the browser the probe is a
 * CSP violation (Firefox logs it as a page error, every engine fires `securitypolicyviolation`) although Zod
 * catches the refusal. jitless: Zod parses without compiling and never probes. Set here, before any schema is
 * made, because every module that makes one imports this one (it was set in app/forms/fields.ts, which the
 * quote page's schemas do not import: Firefox showed the probe's refusal there).
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
