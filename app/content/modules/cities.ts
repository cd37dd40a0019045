/** content/cities/*.md as a module. Node reads the file here; the build makes this module from the validated data (../build-time/vite-plugin.server.ts). */
import { loadCollection } from "../build-time/load.server.ts";

export const cities = loadCollection("cities");
