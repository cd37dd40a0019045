/** content/price-book.yaml as a module. Node reads the file here; the build makes this module from the validated data (../build/vite-plugin.server.ts). */
import { loadCollection } from "../build/load.server.ts";

export default loadCollection("priceBook");
