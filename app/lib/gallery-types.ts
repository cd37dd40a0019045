/** The gallery as the pages get it (app/lib/gallery.server.ts): plain data, safe in the browser bundle. */

export interface GalleryPhoto {
  alt: string;
  /** The largest file's size: the img element's width and height (its aspect ratio before it loads). */
  width: number;
  height: number;
  /** A tiny blurred WebP as a data: URL, shown until the photo has loaded. */
  placeholder: string;
  /** Offered in this order: AVIF, WebP, then the img element's JPEG. */
  sources: { type: string; srcSet: string }[];
  /** The JPEG srcset and the middle-sized JPEG, for the img element. */
  srcSet: string;
  src: string;
}

export interface GalleryPair {
  slug: string;
  title: string;
  service: { slug: string; title: string };
  city: { slug: string; name: string };
  /** YYYY-MM-DD */
  date: string;
  caption: string;
  before: GalleryPhoto;
  after: GalleryPhoto;
}
