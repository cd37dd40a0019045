// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { META } from "../../forms/meta.ts";
import type { LeadActionData } from "./lead-form.tsx";
import { EstimateForm } from "./estimate-form.tsx";

const phone = { display: "(208) 555-0100", href: "tel:+12085550100" };

/**
 * The estimate form in a router of its own (React Router's createRoutesStub), as a page shows it: what the
 * visitor sees on a wrong and a right request, and what the action receives. The real action, storage and
 * e-mail are end-to-end tests' (tests/e2e/forms.spec.ts); here the action only records what it was sent.
 */
function renderForm() {
  const received: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <EstimateForm id="estimate-test" source="test" phone={phone} />,
    },
    {
      path: "/estimate",
      action: async ({ request }): Promise<LeadActionData> => {
        received.push(await request.formData());
        return {
          result: { status: "success" },
          confirmation: {
            title: "Request received",
            message: "We will call you within 24 hours.",
            reference: "GS-TEST1",
          },
        };
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { received, user: userEvent.setup() };
}

describe("EstimateForm", () => {
  afterEach(cleanup);

  it("lists what is missing, linked to each field, and sends nothing", async () => {
    const { received, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Get My Free Estimate" }));
    const summary = await screen.findByRole("alert");
    expect(summary.textContent).toMatch(/Please fix \d+ fields/);
    const links = [...summary.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("#estimate-test-firstName");
    expect(links).toContain("#estimate-test-agreed");
    expect(received).toHaveLength(0);
  });

  it("sends the fields, the form's own keys and the fill time, then shows the confirmation", async () => {
    const { received, user } = renderForm();
    await user.type(screen.getByLabelText(/First name/), "Dana");
    await user.type(screen.getByLabelText(/Last name/), "Whitfield");
    await user.type(screen.getByLabelText(/Email/), "dana@example.com");
    await user.type(screen.getByLabelText(/Phone/), "(208) 555-0147");
    await user.type(screen.getByLabelText(/ZIP code/), "83702");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Get My Free Estimate" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Request received"));
    expect(received).toHaveLength(1);
    const sent = received[0]!;
    expect(
      Object.fromEntries(["firstName", "lastName", "email", "zipcode"].map((name) => [name, sent.get(name)])),
    ).toEqual({
      firstName: "Dana",
      lastName: "Whitfield",
      email: "dana@example.com",
      zipcode: "83702",
    });
    // The form is multipart (it takes photos): happy-dom's multipart encoding leaves empty values out, a browser sends them.
    expect(sent.get(META.honeypot) ?? "").toBe("");
    expect(sent.get(META.key)).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(sent.get(META.elapsed))).toBeGreaterThanOrEqual(0);
    expect(screen.getByRole("status").textContent).toContain("GS-TEST1");
  });
});
