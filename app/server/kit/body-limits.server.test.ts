import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  bodyLimits,
  MIN_BODY_RATE,
  OWNER_BODIES_IN_FLIGHT,
  PHOTO_BODY_LIMIT,
  PHOTO_UPLOADS_IN_FLIGHT,
  photoSlotOf,
  TEXT_FORM_LIMIT,
  UPLOAD_FORM_LIMIT,
} from "./body-limits.server.ts";

/**
 * A request with a body as the middleware sees it, with the parts it reads: the headers, the client address
 * Express derived (req.ip), the path, the socket's byte count, and whether the site is taking what arrives.
 */
function exchange(
  limits: ReturnType<typeof bodyLimits>,
  { ip = "203.0.113.7", path = "/contact", length = 5000, type = "application/x-www-form-urlencoded" } = {},
) {
  const socket = Object.assign(new EventEmitter(), {
    bytesRead: 300,
    destroyed: false,
    destroy() {
      socket.destroyed = true;
      close();
    },
  });
  const headers: Record<string, string> = { "content-length": String(length), "content-type": type };
  const req = Object.assign(new EventEmitter(), {
    headers,
    ip,
    path,
    socket,
    complete: false,
    readableFlowing: true as boolean | null,
    readableLength: 0,
    get: (name: string) => headers[name.toLowerCase()],
  });
  const sent: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), {
    headersSent: false,
    set(name: string | Record<string, string>, value?: string) {
      Object.assign(sent, typeof name === "string" ? { [name]: value } : name);
      return res;
    },
  });
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    res.emit("close");
  }
  const result = {
    req,
    res,
    socket,
    headers: sent,
    passed: false,
    answer: undefined as { status: number; sentence: string } | undefined,
    /** The answer is complete (or the client went away): the connection's 'close'. */
    close,
  };
  answers.set(res, result);
  limits(req as unknown as Request, res as unknown as Response, (() => (result.passed = true)) as NextFunction);
  return result;
}

const answers = new Map<EventEmitter, { answer?: { status: number; sentence: string }; close(): void }>();
const refuse = (res: Response, status: number, sentence: string) => {
  const exchanged = answers.get(res as unknown as EventEmitter)!;
  exchanged.answer = { status, sentence };
  (res as unknown as EventEmitter).emit("finish");
  exchanged.close();
};
const limitsOf = (maxInFlight = 64, maxPerClient = 8) =>
  bodyLimits({ maxInFlight, maxPerClient, isOwnerPath: (path) => path.startsWith("/admin"), refuse });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  answers.clear();
});

describe("bodies in flight", () => {
  it("refuses a declared body over its limit before reading it", () => {
    const big = exchange(limitsOf(), { length: TEXT_FORM_LIMIT + 1 });
    expect(big.passed).toBe(false);
    expect(big.answer?.status).toBe(413);
  });

  it("takes a multipart body up to the photo limit on the forms that take photos only, their app's requests included", () => {
    const multipart = "multipart/form-data; boundary=x";
    const limits = limitsOf(64, 64);
    const completion = "/admin/requests/5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f/completion-photos";
    for (const path of ["/estimate", "/contact", "/estimate.data", "/contact.data", completion])
      expect(exchange(limits, { path, type: multipart, length: PHOTO_BODY_LIMIT }).passed, path).toBe(true);
    const over = [
      { path: "/estimate", type: multipart, length: PHOTO_BODY_LIMIT + 1 },
      { path: "/estimate", length: TEXT_FORM_LIMIT + 1 },
      { path: "/careers/apply", type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
      { path: "/newsletter", type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
      { path: "/estimate/x", type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
      { path: "/admin/sign-in", type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
      { path: `${completion}/x`, type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
      { path: "/admin/requests/x", type: multipart, length: UPLOAD_FORM_LIMIT + 1 },
    ];
    for (const body of over) expect(exchange(limits, body).answer?.status, JSON.stringify(body)).toBe(413);
    expect(exchange(limits, over[0]).answer?.sentence).toContain("at most 6 photos of up to 15 MB each");
  });

  it("gives a photo body its slot only when it asks (its first file begins): text-only bodies never take one", () => {
    const limits = limitsOf(64, 1);
    const photo = { path: "/estimate", type: "multipart/form-data; boundary=x", length: 20 * 1024 * 1024 };
    // Twice as many multipart bodies as photo slots pass, none of them holding a slot yet.
    const bodies = Array.from({ length: 2 * PHOTO_UPLOADS_IN_FLIGHT }, (_, i) =>
      exchange(limits, { ...photo, ip: `198.51.100.${i + 1}` }),
    );
    expect(bodies.every((e) => e.passed)).toBe(true);
    const slotOf = (e: (typeof bodies)[number]) => photoSlotOf(e.res as unknown as Response);
    const uploads = bodies.slice(0, PHOTO_UPLOADS_IN_FLIGHT);
    expect(uploads.map((e) => slotOf(e)())).toEqual(uploads.map(() => true));
    // Asking again for the same body takes nothing more.
    expect(slotOf(uploads[0]!)()).toBe(true);
    const next = bodies[PHOTO_UPLOADS_IN_FLIGHT]!;
    expect(slotOf(next)()).toBe(false);
    expect(next.headers).toMatchObject({ "Retry-After": "5", Connection: "close" });
    // Text-only multipart bodies still pass while every photo slot is held.
    expect(exchange(limits, { ...photo, ip: "198.51.100.100" }).passed).toBe(true);
    uploads[0]!.close();
    expect(slotOf(bodies[PHOTO_UPLOADS_IN_FLIGHT + 1]!)()).toBe(true);
    // A body the middleware let through without a photo slot (another path) needs none.
    expect(photoSlotOf(exchange(limits, { ip: "198.51.100.120" }).res as unknown as Response)()).toBe(true);
  });

  it("lets no client address hold more than its share: 429 with Retry-After, while other addresses pass", () => {
    const limits = limitsOf(64, 3);
    const mine = [0, 1, 2].map(() => exchange(limits));
    expect(mine.every((e) => e.passed)).toBe(true);
    const fourth = exchange(limits);
    expect(fourth.answer?.status).toBe(429);
    expect(fourth.headers).toMatchObject({ "Retry-After": "5", Connection: "close" });
    expect(fourth.answer?.sentence).toContain("try again");
    expect(exchange(limits, { ip: "198.51.100.4" }).passed).toBe(true);
    // The same client over IPv4-mapped IPv6 is the same address.
    expect(exchange(limits, { ip: "::ffff:203.0.113.7" }).answer?.status).toBe(429);
    // One finished: its slot is the client's again.
    mine[0]!.close();
    expect(exchange(limits).passed).toBe(true);
  });

  it("counts an IPv6 client by its /64", () => {
    const limits = limitsOf(64, 2);
    expect(exchange(limits, { ip: "2001:db8:1:2::a" }).passed).toBe(true);
    expect(exchange(limits, { ip: "2001:db8:1:2::b" }).passed).toBe(true);
    expect(exchange(limits, { ip: "2001:db8:1:2:ffff::1" }).answer?.status).toBe(429);
    expect(exchange(limits, { ip: "2001:db8:1:3::a" }).passed).toBe(true);
  });

  it("answers 503 with Retry-After when the public pool is full, and the owner's paths still have slots of their own", () => {
    const limits = limitsOf(4, 1);
    for (let i = 1; i <= 4; i++) expect(exchange(limits, { ip: `198.51.100.${i}` }).passed).toBe(true);
    const stranger = exchange(limits, { ip: "198.51.100.99" });
    expect(stranger.answer?.status).toBe(503);
    expect(stranger.headers).toMatchObject({ "Retry-After": "5" });
    expect(exchange(limits, { ip: "192.0.2.1", path: "/admin/sign-in" }).passed).toBe(true);
  });

  it("keeps the per-address cap on the owner's paths, and their pool is bounded too", () => {
    const limits = limitsOf(64, 1);
    expect(exchange(limits, { ip: "192.0.2.1", path: "/admin/sign-in" }).passed).toBe(true);
    expect(exchange(limits, { ip: "192.0.2.1", path: "/admin/sign-in" }).answer?.status).toBe(429);
    for (let i = 2; i <= OWNER_BODIES_IN_FLIGHT; i++)
      expect(exchange(limits, { ip: `192.0.2.${i}`, path: "/admin" }).passed).toBe(true);
    expect(exchange(limits, { ip: "192.0.2.200", path: "/admin" }).answer?.status).toBe(503);
    // …and the public pool is untouched by them.
    expect(exchange(limits, { ip: "192.0.2.200", path: "/estimate" }).passed).toBe(true);
  });

  it("reads nothing and holds no slot for a request without a body", () => {
    const limits = limitsOf(1, 1);
    const get = exchange(limits, { length: 0 });
    expect(get.passed).toBe(true);
    expect(exchange(limits).passed).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe("the minimum body rate", () => {
  const { bytes, windowMs } = MIN_BODY_RATE;

  it("is 1 KB/s over 10 s", () => {
    expect(bytes / (windowMs / 1000)).toBe(1024);
  });

  it("answers a body slower than the rate 408, gives its slot back at once and closes the connection", () => {
    const limits = limitsOf(64, 1);
    const slow = exchange(limits);
    expect(slow.passed).toBe(true);
    slow.socket.bytesRead += bytes - 1;
    vi.advanceTimersByTime(windowMs - 1);
    expect(slow.answer).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(slow.answer?.status).toBe(408);
    expect(slow.answer?.sentence).toContain("too slowly");
    expect(slow.headers).toMatchObject({ Connection: "close" });
    expect(slow.socket.destroyed).toBe(true);
    expect(exchange(limits).passed).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
  });

  it("never measures a form that arrives within the first window, however slowly (a slow phone)", () => {
    const phone = exchange(limitsOf(), { length: 3000 });
    for (let second = 1; second < windowMs / 1000; second++) {
      phone.socket.bytesRead += 300;
      vi.advanceTimersByTime(1000);
    }
    phone.req.complete = true;
    vi.advanceTimersByTime(1000);
    expect(phone.answer).toBeUndefined();
  });

  it("measures every window: a fast start does not buy a slow rest", () => {
    const slow = exchange(limitsOf());
    slow.socket.bytesRead += 3 * bytes;
    vi.advanceTimersByTime(windowMs);
    expect(slow.answer).toBeUndefined();
    slow.socket.bytesRead += bytes / 2;
    vi.advanceTimersByTime(windowMs);
    expect(slow.answer?.status).toBe(408);
  });

  it("lets a body at the rate go on, and stops measuring once it is complete or answered", () => {
    const steady = exchange(limitsOf());
    for (let window = 0; window < 5; window++) {
      steady.socket.bytesRead += bytes;
      vi.advanceTimersByTime(windowMs);
    }
    expect(steady.answer).toBeUndefined();
    steady.req.complete = true;
    vi.advanceTimersByTime(windowMs);
    expect(steady.answer).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);

    const answered = exchange(limitsOf());
    answered.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not hold against the client a window in which the site had not taken what arrived", () => {
    const waiting = exchange(limitsOf());
    waiting.req.readableFlowing = false;
    vi.advanceTimersByTime(windowMs);
    waiting.req.readableFlowing = true;
    waiting.req.readableLength = 2048;
    vi.advanceTimersByTime(windowMs);
    expect(waiting.answer).toBeUndefined();
    waiting.req.readableLength = 0;
    vi.advanceTimersByTime(windowMs);
    expect(waiting.answer?.status).toBe(408);
  });

  it("closes the connection without a second answer when the answer had already begun", () => {
    const late = exchange(limitsOf());
    late.res.headersSent = true;
    vi.advanceTimersByTime(windowMs);
    expect(late.answer).toBeUndefined();
    expect(late.socket.destroyed).toBe(true);
  });
});

describe("how long the public pool has been full", () => {
  it("is 0 while a slot is free, counts while all are taken, ignores pauses under a second, and restarts after a longer one", () => {
    const limits = limitsOf(2, 2);
    expect(limits.publicPoolFullForMs()).toBe(0);
    const [a, b] = [exchange(limits), exchange(limits)];
    vi.advanceTimersByTime(3000);
    expect(limits.publicPoolFullForMs()).toBe(3000);
    // A slot freed and taken again within a second: the same episode.
    a.req.complete = b.req.complete = true;
    a.close();
    vi.advanceTimersByTime(500);
    expect(limits.publicPoolFullForMs()).toBe(3500);
    const c = exchange(limits);
    vi.advanceTimersByTime(2000);
    expect(limits.publicPoolFullForMs()).toBe(5500);
    // The owner's pool is not the public one.
    expect(exchange(limits, { ip: "192.0.2.1", path: "/admin/sign-in" }).passed).toBe(true);
    b.close();
    vi.advanceTimersByTime(1001);
    expect(limits.publicPoolFullForMs()).toBe(0);
    const d = exchange(limits, { ip: "198.51.100.1" });
    vi.advanceTimersByTime(1000);
    expect(limits.publicPoolFullForMs()).toBe(1000);
    c.close();
    d.close();
  });
});
