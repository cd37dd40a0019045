import { describe, expect, it } from "vitest";
import { formFields, MAX_FORM_ENTRIES, readFields } from "./form-body.server.ts";
import { refusal } from "../../../tests/support/refusal.ts";

const SIGN_IN = formFields(["email", "password"]);
const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/admin/sign-in", { method: "POST", headers: { "content-type": type }, body });

describe("reading a form body for an explicit list of fields", () => {
  it("keeps the form's fields and drops the others", async () => {
    const fields = await readFields(post("email=a%40example.com&password=secret&extra=1"), SIGN_IN);
    expect([...fields]).toEqual([
      ["email", "a@example.com"],
      ["password", "secret"],
    ]);
  });

  it("refuses path-syntax and reserved names, whatever the form, with 400 and a sentence", async () => {
    for (const body of [
      "x[400000000]=a",
      "email[20000000]=a&password=x",
      "a.b=1",
      `__intent__=${encodeURIComponent('{"type":"remove","payload":{"name":"x","index":0}}')}`,
    ]) {
      expect(await refusal(readFields(post(body), SIGN_IN)), body).toMatchObject({
        status: 400,
        message: expect.stringContaining("does not accept"),
      });
    }
  });

  it("refuses a body of more entries than any form has before parsing it, urlencoded or multipart", async () => {
    expect(await refusal(readFields(post("x&".repeat(30_000)), SIGN_IN))).toMatchObject({
      status: 400,
      message: expect.stringContaining("too many fields"),
    });
    expect(
      await refusal(readFields(post(Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&")), SIGN_IN)),
    ).toMatchObject({ status: 400 });
    const parts = new FormData();
    for (let i = 0; i <= MAX_FORM_ENTRIES; i++) parts.append(`f${i}`, "1");
    const multipart = new Request("http://localhost/careers/apply", { method: "POST", body: parts });
    expect(await refusal(readFields(multipart, SIGN_IN))).toMatchObject({
      status: 400,
      message: expect.stringContaining("too many fields"),
    });
    // Empty pieces are no entries: as many separators as you like around a real form.
    expect([...(await readFields(post(`${"&".repeat(1000)}email=a${"&".repeat(1000)}`), SIGN_IN))]).toEqual([
      ["email", "a"],
    ]);
  });

  it("refuses other content types (415) and bodies over the limit, declared or not (413)", async () => {
    expect(await refusal(readFields(post('{"email":"a"}', "application/json"), SIGN_IN))).toMatchObject({
      status: 415,
    });
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`message=${"x".repeat(8192)}&`));
        controller.close();
      },
    });
    expect(
      await refusal(
        readFields(
          new Request("http://localhost/x", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: chunked,
            duplex: "half",
          } as RequestInit),
          SIGN_IN,
        ),
      ),
    ).toMatchObject({
      status: 413,
    });
  });
});
