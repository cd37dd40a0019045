/**
 * The first-effect script every page carries, written into it by the server (app/root.tsx): the service-area
 * answer beside every ZIP field (./zip.ts), and the loader of the field-message file (./after-paint.ts). One
 * script rather than two: the largest pages are within a few hundred bytes of the first round trip (about
 * 14 KB with the headers, each inline script adding its hash to the policy).
 */
import { install as runAfterPaint } from "./after-paint.ts";
import { type ZipAnswerData, install as answerZips } from "./zip.ts";

export function install({ validate, ...zip }: ZipAnswerData & { validate: string }) {
  answerZips(zip);
  if (validate) runAfterPaint({ src: validate, data: { phone: zip.phone } });
}
