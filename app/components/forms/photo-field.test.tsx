// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PHOTO_BYTES } from "../../forms/options.ts";
import { NOT_A_PHOTO_TYPE, TOO_LARGE } from "../../forms/photo-rules.ts";
import { PhotoField } from "./photo-field.tsx";

const photo = (name: string, bytes = 2048, type = "image/jpeg") =>
  new File([new Uint8Array(Math.min(bytes, 4096))], name, { type, lastModified: 1 });
/** A file that says it is larger than it is (the rule reads `size`). */
const large = (name: string) => Object.defineProperty(photo(name), "size", { value: MAX_PHOTO_BYTES + 1 });

/** Chooses files as the browser's file picker does (user-event's upload would pin the input's files). */
function choose(input: HTMLInputElement, files: File[]) {
  const picked = new DataTransfer();
  for (const file of files) picked.items.add(file);
  input.files = picked.files;
  fireEvent.change(input);
}

function renderField() {
  render(
    <form aria-label="Request">
      <PhotoField formId="test" />
      <button type="submit">Send</button>
    </form>,
  );
  const input = screen.getByLabelText("Photos (optional)") as HTMLInputElement;
  return { input, user: userEvent.setup() };
}

describe("PhotoField", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists each photo to send with a thumbnail and a Remove button; the refused ones keep their messages", async () => {
    const made = vi.spyOn(URL, "createObjectURL");
    const { input } = renderField();
    choose(input, [
      photo("driveway.jpg"),
      photo("notes.pdf", 100, "application/pdf"),
      photo("roof.png", 2048, "image/png"),
      large("huge.jpg"),
    ]);

    const list = screen.getByRole("list", { name: "2 photos to send" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^driveway\.jpg \(2 KB\)Remove$/),
      expect.stringMatching(/^roof\.png \(2 KB\)Remove$/),
    ]);
    const thumbnails = list.querySelectorAll("img");
    expect([...thumbnails].map((img) => img.getAttribute("src"))).toEqual(made.mock.results.map((r) => r.value));
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Remove driveway.jpg", "Remove roof.png"]);
    const refused = document.getElementById("test-photos-refused")!;
    expect(refused.textContent).toContain(`notes.pdf (${NOT_A_PHOTO_TYPE})`);
    expect(refused.textContent).toContain(`huge.jpg (${TOO_LARGE})`);
  });

  it("removes a photo with the keyboard: out of the files sent, its object URL revoked, said, the focus on the next", async () => {
    const revoked = vi.spyOn(URL, "revokeObjectURL");
    const { input, user } = renderField();
    choose(input, [photo("a.jpg"), photo("b.jpg"), photo("c.jpg")]);
    const list = screen.getByRole("list", { name: "3 photos to send" });
    const thumbnailOfB = list.querySelectorAll("img")[1]!.getAttribute("src");

    screen.getByRole("button", { name: "Remove b.jpg" }).focus();
    await user.keyboard("{Enter}");

    expect([...input.files!].map((f) => f.name)).toEqual(["a.jpg", "c.jpg"]);
    expect(revoked).toHaveBeenCalledWith(thumbnailOfB);
    expect(screen.getByRole("list", { name: "2 photos to send" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove c.jpg" }));
    expect(screen.getByText("b.jpg removed. 2 photos will be sent.")).toBeTruthy();

    // The last one: the focus goes back to the input; the list is gone.
    await user.click(screen.getByRole("button", { name: "Remove c.jpg" }));
    await user.click(screen.getByRole("button", { name: "Remove a.jpg" }));
    expect(input.files).toHaveLength(0);
    expect(screen.queryByRole("list")).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(screen.getByText("a.jpg removed. No photos will be sent.")).toBeTruthy();
  });

  it("a photo removed lets the next one over the count be sent", async () => {
    const { input, user } = renderField();
    choose(
      input,
      Array.from({ length: 7 }, (_, i) => photo(`p${i + 1}.jpg`)),
    );
    expect(screen.getByRole("list", { name: "6 photos to send" })).toBeTruthy();
    expect(document.getElementById("test-photos-refused")!.textContent).toContain("p7.jpg");
    await user.click(screen.getByRole("button", { name: "Remove p1.jpg" }));
    expect(within(screen.getByRole("list", { name: "6 photos to send" })).getByText(/p7\.jpg/)).toBeTruthy();
    expect(document.getElementById("test-photos-refused")!.textContent).toBe("");
  });

  it("revokes every thumbnail when the field goes (the form sent, the dialog closed)", async () => {
    const revoked = vi.spyOn(URL, "revokeObjectURL");
    const { input } = renderField();
    choose(input, [photo("a.jpg"), photo("b.jpg")]);
    const urls = [...document.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    cleanup();
    expect(revoked.mock.calls.map(([url]) => url)).toEqual(urls);
  });
});
