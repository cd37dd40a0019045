import { describe, expect, it } from "vitest";
import { isAdminPath, sessionCookie, sessionCookieName, sessionToken } from "./guard.server.ts";

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";

describe("the owner's session cookie", () => {
  it("is HttpOnly and SameSite=Lax; over HTTPS also Secure with the __Host- prefix", () => {
    expect(sessionCookie(new Request("http://localhost:3000/admin/sign-in"), TOKEN)).toBe(
      `gs_owner_session=${TOKEN}; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie(new Request("https://www.example.com/admin/sign-in"), TOKEN)).toBe(
      `__Host-gs_owner_session=${TOKEN}; Max-Age=43200; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(sessionCookie(new Request("https://www.example.com/admin/sign-out"), null)).toBe(
      "__Host-gs_owner_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
  });

  it("is read under the name that fits the scheme, and only when it looks like a token", () => {
    const request = (url: string, cookie: string) => new Request(url, { headers: { cookie } });
    expect(sessionToken(request("https://x.test/admin", `a=1; __Host-gs_owner_session=${TOKEN}`))).toBe(TOKEN);
    // Over HTTPS, a cookie without the prefix (one a subdomain or plain-http page could have set) is ignored.
    expect(sessionToken(request("https://x.test/admin", `gs_owner_session=${TOKEN}`))).toBeNull();
    expect(sessionToken(request("http://x.test/admin", `gs_owner_session=${TOKEN}`))).toBe(TOKEN);
    expect(sessionToken(request("http://x.test/admin", "gs_owner_session=short"))).toBeNull();
    expect(sessionCookieName(true)).toBe("__Host-gs_owner_session");
  });
});

describe("the inbox's path, as routing sees it", () => {
  it("is /admin, everything under it and its data requests, in any letter case and however it is escaped", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/sign-in",
      "/admin.data",
      "/admin/requests/1.data",
      "/Admin/sign-in",
      "/ADMIN.data",
      "/%61dmin/sign-in",
      "/%41DMIN",
      "/a%64min/requests/1",
      "/x/../admin/sign-in",
      "/x/%2e%2e/admin",
      "//admin/sign-in",
      "/admin%2fsign-in",
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
  });
  it("is not a page whose name only starts with admin, nor any other page", () => {
    for (const path of ["/", "/about", "/administration", "/admins/x", "/blog/admin", "/%62dmin"])
      expect(isAdminPath(path), path).toBe(false);
  });
});
