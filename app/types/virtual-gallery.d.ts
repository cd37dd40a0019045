/** Made at build time by app/content/build-time/gallery.server.ts (the content plugin): every before/after pair, newest first, with its photos' files. */
declare module "virtual:gallery" {
  export const pairs: import("../lib/gallery-types.ts").GalleryPair[];
}
