/** A webhook's raw body (its signature is over the exact bytes), read within a limit. */
import type { Request } from "express";

/**
 * The body's bytes, counted as they arrive: "too-large" as soon as they pass `limit` (with its Content-Length
 * or chunked, without waiting for the rest), "aborted" when the client went away first.
 */
export function readRawBody(req: Request, limit: number): Promise<Buffer | "too-large" | "aborted"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | "too-large" | "aborted" | Error) => {
      req.off("data", onData).off("end", onEnd).off("error", finish).off("close", onClose);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish("too-large");
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onClose = () => finish(req.complete ? Buffer.concat(chunks) : "aborted");
    if (Number(req.headers["content-length"] ?? 0) > limit) return finish("too-large");
    req.on("data", onData).on("end", onEnd).on("error", finish).on("close", onClose);
  });
}
