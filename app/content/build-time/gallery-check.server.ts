/**
 * What the gallery's schema cannot see on its own: that each pair names a service and a city the site has,
 * and that its photos are in content/gallery/photos/. Run at build time (./gallery.server.ts) and by
 * the tests; the problems read like the loader's (file, field, fix).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { galleryPairSchema } from "../schema.ts";

type Pair = z.output<typeof galleryPairSchema>;

export function galleryProblems(
  pairs: Pair[],
  known: { services: readonly string[]; cities: readonly string[] },
  contentDir: string,
): { file: string; problems: string[] }[] {
  const found: { file: string; problems: string[] }[] = [];
  for (const pair of pairs) {
    const problems: string[] = [];
    if (!known.services.includes(pair.service))
      problems.push(
        `service: "${pair.service}" is not one of the site's services. Fix: use one of: ${known.services.join(", ")}`,
      );
    if (!known.cities.includes(pair.city))
      problems.push(
        `city: "${pair.city}" is not one of the site's cities. Fix: use one of: ${known.cities.join(", ")}`,
      );
    for (const which of ["before", "after"] as const) {
      const image = pair[which].image;
      if (!existsSync(path.join(contentDir, "gallery", image)))
        problems.push(
          `${which} › image: content/gallery/${image} is missing. Fix: upload the photo there, or correct the file name`,
        );
    }
    if (pair.before.image === pair.after.image)
      problems.push("after › image: is the same file as the before photo. Fix: choose the photo taken after the job");
    if (pair.before.alt === pair.after.alt)
      problems.push(
        "after › alt: is the same as the before photo's. Fix: describe what changed, e.g. “The same driveway clean and evenly light grey”",
      );
    if (problems.length > 0) found.push({ file: `content/gallery/${pair.slug}.yaml`, problems });
  }
  return found;
}
