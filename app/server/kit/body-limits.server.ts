/**
 * How much of a request body the server reads, how many at once, and how slowly (docs/security.md "HTTP
 * limits", docs/decisions/022-fair-share.md). Plain module without path aliases: server.ts (run by Node) and
 * the form actions (bundled by Vite) both import it.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_RESUME_BYTES } from "../../forms/options.ts";
import { rateLimitKey } from "./client-ip.server.ts";

/** URL-encoded bodies, on every route. */
export const TEXT_FORM_LIMIT = 64 * 1024;
/** Multipart bodies of the job application (a résumé and the text fields), and of any other route taking one. */
export const UPLOAD_FORM_LIMIT = MAX_RESUME_BYTES + TEXT_FORM_LIMIT;
/**
 * Multipart bodies of the forms that take photos: the absolute bound of a body read at all. Below it nothing is
 * lost: the text fields are kept wherever they sit, the first MAX_PHOTOS photos of at most MAX_PHOTO_BYTES are
 * kept (spooled to disk as they arrive) and the bytes of every other file are read and dropped
 * (app/server/kit/multipart.server.ts). 256 MB: about 50 phone photos of 5 MB chosen at once without the app
 * (with it, or with the page's script, only the photos kept are sent), and what a 7 Mbit/s upload sends within
 * HTTP_REQUEST_TIMEOUT_SECONDS (300 s); a larger body would not arrive in time anyway
 * (docs/decisions/030-request-photos.md).
 */
export const PHOTO_BODY_LIMIT = 256 * 1024 * 1024;
/**
 * The forms that take photos (their document and their app's `.data` requests, and the owner's photos of the
 * finished job); only these read PHOTO_BODY_LIMIT.
 */
const PHOTO_FORM_PATHS = /^\/((estimate|contact)(\.data)?|admin\/requests\/[^/]+\/completion-photos)\/?$/;

/** The largest multipart body a path reads. */
export const uploadLimitOf = (path: string) => (PHOTO_FORM_PATHS.test(path) ? PHOTO_BODY_LIMIT : UPLOAD_FORM_LIMIT);

/**
 * The slowest body the server waits for: at least `bytes` in every `windowMs` while it is incomplete
 * (1 KB/s over 10 s). A form of a few KB on a slow phone arrives in one window and is never measured; a
 * résumé or photos must arrive within HTTP_REQUEST_TIMEOUT_SECONDS anyway (six 15 MB photos in 300 s: about
 * 300 KB/s, a weak 4G upload), far above it.
 */
export const MIN_BODY_RATE = { bytes: 10 * 1024, windowMs: 10_000 } as const;

/**
 * Bodies the owner's paths (sign-in, inbox changes) have to themselves, beside the public pool: a few owners
 * send one form at a time, so 16 outlasts anything but a flood aimed at /admin from many addresses.
 */
export const OWNER_BODIES_IN_FLIGHT = 16;

/**
 * Photo uploads read at once, within the public pool. A body takes its slot when its first file with content
 * begins (photoSlotOf, app/server/kit/multipart.server.ts), so a text-only form never waits on uploads; its kept
 * photos are written to disk as they arrive (app/server/kit/spool.server.ts), never held in memory.
 */
export const PHOTO_UPLOADS_IN_FLIGHT = 8;

/** Pauses shorter than this between two moments at capacity belong to one episode of a full pool. */
const FULL_GAP_MS = 1_000;

export const BUSY = "We are very busy right now. Please try again in a few seconds.";
const CLIENT_BUSY = "Your connection is already sending several forms. Please wait a few seconds and try again.";
/** The 413 of a photo body over PHOTO_BODY_LIMIT. */
export const TOO_MANY_PHOTOS = `These photos are too large to send together. Please send at most ${MAX_PHOTOS} photos of up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB each, or send the form without them.`;
const TOO_SLOW = "This form arrived too slowly, so it was not received. Please try again.";

/** Whether a request declares a body (a length above 0, or chunked). */
export const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** Slots for bodies in flight, and since when they have all been taken (with pauses under FULL_GAP_MS). */
class Pool {
  inFlight = 0;
  private fullSince = 0;
  private fullUntil = -Infinity;
  readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get full() {
    return this.inFlight >= this.max;
  }
  take(now: number) {
    this.inFlight++;
    if (this.full && now - this.fullUntil > FULL_GAP_MS) this.fullSince = now;
  }
  give(now: number) {
    if (this.full) this.fullUntil = now;
    this.inFlight--;
  }
  fullForMs(now: number) {
    return this.full || now - this.fullUntil <= FULL_GAP_MS ? now - this.fullSince : 0;
  }
}

export interface BodyLimitsOptions {
  /** Bodies of the public paths in flight at once (MAX_BODIES_IN_FLIGHT); beyond: 503 with Retry-After. */
  maxInFlight: number;
  /** Bodies in flight from one client address (MAX_BODIES_PER_CLIENT), over both pools; beyond: 429 with Retry-After. */
  maxPerClient: number;
  /** The owner's paths, which take their slots from a pool of their own (OWNER_BODIES_IN_FLIGHT). */
  isOwnerPath: (path: string) => boolean;
  /** Writes the answer page. */
  refuse: (res: Response, status: number, sentence: string) => void;
  minRate?: { bytes: number; windowMs: number };
  ownerSlots?: number;
  photoSlots?: number;
}

/** Each body's way to take its photo slot, by its answer (set by the middleware below). */
const slotTakers = new WeakMap<Response, () => boolean>();

/**
 * Takes the photo slot of the body `res` answers, once (true), or says none is free (false; the answer then
 * carries Retry-After and closes the connection). A response the middleware did not see (no body, or a path
 * without photo slots) needs none: true.
 */
export const photoSlotOf =
  (res: Response): (() => boolean) =>
  () =>
    slotTakers.get(res)?.() ?? true;

export type BodyLimits = RequestHandler & {
  /** How long every slot of the public pool has been taken (ms; 0 when one is free). */
  publicPoolFullForMs(): number;
};

/**
 * Refuses a declared body over its limit (413) before reading it. Each body takes a slot from its pool (the
 * owner's paths, or the public one; 503 with Retry-After when none is free; a photo upload also one of
 * `photoSlots`, once its first file begins: photoSlotOf) and one of its client's (the
 * address Express reads with TRUST_PROXY, IPv6 by its /64; 429 with Retry-After beyond `maxPerClient`), until
 * its answer is complete or its connection closes. A body slower than `minRate` over a window while incomplete
 * is answered 408, its slot given back and its connection closed. Bytes are counted on the socket
 * (bytesRead), never by reading the body; a window in which the site itself had not taken what arrived (the
 * request paused, or bytes waiting in it) is not held against the client.
 */
export function bodyLimits({
  maxInFlight,
  maxPerClient,
  isOwnerPath,
  refuse,
  minRate = MIN_BODY_RATE,
  ownerSlots = OWNER_BODIES_IN_FLIGHT,
  photoSlots = PHOTO_UPLOADS_IN_FLIGHT,
}: BodyLimitsOptions): BodyLimits {
  const publicPool = new Pool(maxInFlight);
  const ownerPool = new Pool(ownerSlots);
  const photoPool = new Pool(photoSlots);
  const perClient = new Map<string, number>();

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const multipart = /^multipart\//i.test(req.get("content-type") ?? "");
    const limit = multipart ? uploadLimitOf(req.path) : TEXT_FORM_LIMIT;
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      res.set("Connection", "close");
      return refuse(res, 413, limit === PHOTO_BODY_LIMIT ? TOO_MANY_PHOTOS : "This form is too large to send.");
    }
    const client = rateLimitKey(req.ip ?? req.socket.remoteAddress ?? "");
    const held = perClient.get(client) ?? 0;
    if (held >= maxPerClient) {
      res.set({ "Retry-After": "5", Connection: "close" });
      return refuse(res, 429, CLIENT_BUSY);
    }
    const pool = isOwnerPath(req.path) ? ownerPool : publicPool;
    const photos = limit === PHOTO_BODY_LIMIT ? photoPool : null;
    if (pool.full) {
      res.set({ "Retry-After": "5", Connection: "close" });
      return refuse(res, 503, BUSY);
    }
    pool.take(Date.now());
    perClient.set(client, held + 1);
    let photoHeld = false;
    if (photos)
      slotTakers.set(res, () => {
        if (photoHeld) return true;
        if (released || photos.full) {
          res.set({ "Retry-After": "5", Connection: "close" });
          return false;
        }
        photos.take(Date.now());
        return (photoHeld = true);
      });

    const socket = req.socket;
    let lastRead = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.complete) return void clearInterval(timer);
      const read = socket.bytesRead;
      const siteBehind = req.readableFlowing === false || req.readableLength > 0;
      if (siteBehind || read - lastRead >= minRate.bytes) {
        lastRead = read;
        return;
      }
      release();
      if (res.headersSent) return void socket.destroy();
      res.set("Connection", "close");
      res.once("finish", () => socket.destroy());
      refuse(res, 408, TOO_SLOW);
    }, minRate.windowMs);
    timer.unref();

    let released = false;
    function release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      pool.give(Date.now());
      if (photoHeld) photos?.give(Date.now());
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    }
    res.once("close", release);
    next();
  };
  return Object.assign(middleware, { publicPoolFullForMs: () => publicPool.fullForMs(Date.now()) });
}
