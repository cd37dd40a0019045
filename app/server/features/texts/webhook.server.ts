/**
 * POST /webhooks/twilio: the customers' texts to the business's number, as the Twilio-compatible provider posts
 * them (docs/decisions/034-customer-texts.md). Mounted by app/server/app.server.ts before React Router, because
 * the signature is over the parameters as sent. Form-encoded only (415 otherwise), at most WEBHOOK_BODY_LIMIT
 * (413 beyond, not read further); every other method 405 with Allow. `X-Twilio-Signature` is checked against the
 * URL the provider was given, built from SITE_URL (never the Host header), with TWILIO_AUTH_TOKEN: a missing or
 * wrong one is 403 and nothing is stored. Each MessageSid is taken once. The answer is empty TwiML: every answer
 * to the customer (HELP, C, R) is a text of its own, with the same rules as any other.
 */
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { Database } from "../../kit/db/database.server.ts";
import { textAlertSettings, type Env } from "../../kit/env.server.ts";
import { readRawBody } from "../../kit/raw-body.server.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import { signatureMatches } from "./rules.server.ts";
import { INBOUND_MAX, receiveText } from "./texts.server.ts";

export const TWILIO_WEBHOOK_PATH = "/webhooks/twilio";
/** A text's parameters are a few KB (a 1,600-character body percent-encoded stays under 20 KB). */
export const TWILIO_WEBHOOK_BODY_LIMIT = 32 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const E164 = /^\+[1-9]\d{7,14}$/;
const SID = /^[A-Za-z0-9]{2,64}$/;

export function twilioWebhook(app: {
  database: Database;
  env: Env;
  logger: Logger;
  notifyOutbox: () => void;
}): RequestHandler {
  const { env, logger, database } = app;
  const plain = (res: Response, status: number, sentence: string) =>
    void res.status(status).set("Cache-Control", "no-store").type("text/plain").send(sentence);

  const handle = async (req: Request, res: Response, body: Buffer) => {
    const settings = textAlertSettings(env);
    if (!settings) return plain(res, 404, "Texts are not set up here.");
    const params = new URLSearchParams(body.toString("utf8"));
    const url = `${new URL(env.SITE_URL).origin}${req.originalUrl}`;
    if (!signatureMatches(req.get("x-twilio-signature"), settings.token, url, params)) {
      logger.warn({ event: "texts.webhook_refused" }, "text webhook refused: its signature does not verify");
      return plain(res, 403, "The signature does not verify.");
    }
    const sid = params.get("MessageSid") ?? params.get("SmsSid") ?? "";
    const from = params.get("From") ?? "";
    const text = params.get("Body") ?? "";
    if (!SID.test(sid) || !E164.test(from) || text.length > INBOUND_MAX)
      return plain(res, 400, "A text with MessageSid, From and Body is expected.");
    const outcome = await receiveText(
      database,
      { sid, from, body: text },
      { secret: await linkSecret(database, env), siteUrl: env.SITE_URL },
    );
    logger.info({ event: "texts.received", outcome }, "text received");
    if (outcome !== "duplicate" && outcome !== "no-request") app.notifyOutbox();
    res.status(200).set("Cache-Control", "no-store").type("text/xml").send(EMPTY_TWIML);
  };

  return (req: Request, res: Response) => {
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return plain(res, 405, "Only POST.");
    }
    readRawBody(req, TWILIO_WEBHOOK_BODY_LIMIT)
      .then((body) => {
        if (body === "aborted") return;
        if (body === "too-large") {
          // The rest is not read: the connection ends with the answer.
          res.set("Connection", "close");
          res.once("finish", () => req.socket.destroy());
          return plain(res, 413, "The body is too large.");
        }
        // Read (within the limit) before it is refused, so the client gets the answer rather than a reset.
        if (!req.is("application/x-www-form-urlencoded")) return plain(res, 415, "A form-encoded body is expected.");
        return handle(req, res, body);
      })
      .catch((failure: unknown) => {
        logger.error(
          { event: "texts.webhook_failed", err: { name: (failure as Error)?.name } },
          "text not recorded: the provider will send it again",
        );
        if (!res.headersSent) plain(res, 500, "Not recorded; send it again.");
      });
  };
}
