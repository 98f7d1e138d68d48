import { beforeAll, describe, expect, it, vi } from "vitest";

type SessionModule = typeof import("./session.server");
let session: SessionModule;

beforeAll(async () => {
  vi.stubEnv("SESSION_SECRET", "test-secret-test-secret-test-secret-0123");
  session = await import("./session.server");
});

const requestWith = (cookie: string | null) =>
  new Request("http://localhost/console/dashboard", cookie ? { headers: { Cookie: cookie } } : {});

async function cookieFor(token: string): Promise<string> {
  const setCookie = await session.commitSessionToken(token);
  return setCookie.split(";")[0]!;
}

describe("getSessionToken", () => {
  it("reads the token from the signed cookie, the same for every copy of the request", async () => {
    const cookie = `other=1; ${await cookieFor("token-a")}`;
    expect(await session.getSessionToken(requestWith(cookie))).toBe("token-a");
    expect(await session.getSessionToken(requestWith(cookie))).toBe("token-a");
  });

  it("refuses a forged or missing cookie", async () => {
    const genuine = await cookieFor("token-b");
    const forged = genuine.replace(/\.[^.]+$/, ".AAAAforgedsignature");
    expect(await session.getSessionToken(requestWith(forged))).toBeNull();
    expect(await session.getSessionToken(requestWith("gc_session=InRva2VuLWIi"))).toBeNull();
    expect(await session.getSessionToken(requestWith(null))).toBeNull();
  });

  it("keeps answering correctly past the number of headers it remembers", async () => {
    const cookies = await Promise.all(Array.from({ length: 520 }, (_, i) => cookieFor(`token-${i}`)));
    for (const [i, cookie] of cookies.entries()) {
      expect(await session.getSessionToken(requestWith(cookie))).toBe(`token-${i}`);
    }
    expect(await session.getSessionToken(requestWith(cookies[0]!))).toBe("token-0");
  });
});
