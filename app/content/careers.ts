/**
 * Careers page content: the job listings (content/jobs/{slug}.yaml, in their `order`) and the benefits,
 * culture and application steps (content/careers.yaml). Each job's Apply Now button leads to the
 * application form at /careers/apply?position={slug} (decision 010).
 */
import { loadCollection } from "./load.ts";

export const jobs = loadCollection("jobs");

export const { benefits, culture, applicationSteps } = loadCollection("careers");
