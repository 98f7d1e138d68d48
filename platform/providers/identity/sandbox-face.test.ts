/**
 * The sandbox face liveness provider and its page /sandbox/face/<session> (issue 37 §4): sessions in the database,
 * 通过 / 不通过 as plain forms, pending until pressed, failed once expired (10 minutes).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxFaceSessions } from "../../db/identity-sandbox-schema";
import { MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { FACE_SESSION_TTL_MS } from "./face-session";
import { SandboxFaceProvider } from "./sandbox-face";

let t: TestPlatform;
let face: SandboxFaceProvider;
const PERSON = { name: "张三", idNumber: "110101199003078515" };

beforeAll(async () => {
  t = await startTestPlatform();
  face = new SandboxFaceProvider(t.db, "https://gpu.example.cn", t.clock.now);
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;
const page = async (path: string, init?: RequestInit) => {
  const response = await t.platform.fetch(new Request(`http://x${path}`, init));
  return { http: response.status, text: await response.text(), headers: response.headers };
};
const press = (url: string, action: string) =>
  page(pathOf(url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ action }).toString(),
  });

describe("the sandbox face provider", () => {
  it("starts a session whose link is its page on this site, expiring in 10 minutes; pending until pressed", async () => {
    const session = await face.start(PERSON);
    expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.url).toBe(`https://gpu.example.cn/sandbox/face/${session.sessionId}`);
    expect(session.expiresAt.getTime() - t.clock.now().getTime()).toBe(FACE_SESSION_TTL_MS);
    expect(FACE_SESSION_TTL_MS).toBe(10 * MINUTE);
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "pending" });

    const shown = await page(pathOf(session.url));
    expect(shown.http).toBe(200);
    expect(shown.text).toContain("1****************5");
    expect(shown.text).toMatch(/<form method="post">.*value="pass">通过<.*value="fail">不通过</s);
    expect(shown.headers.get("cache-control")).toContain("no-store");
  });

  it("通过 passes the session, once; a second press changes nothing", async () => {
    const session = await face.start(PERSON);
    const passed = await press(session.url, "pass");
    expect(passed.http).toBe(200);
    expect(passed.text).toContain("已通过");
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "passed" });
    const again = await press(session.url, "fail");
    expect(again.http).toBe(409);
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "passed" });
  });

  it("不通过 fails the session with a reason", async () => {
    const session = await face.start(PERSON);
    expect((await press(session.url, "fail")).text).toContain("未通过");
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "failed", reason: "人脸核验未通过" });
  });

  it("an unknown action is refused and decides nothing", async () => {
    const session = await face.start(PERSON);
    expect((await press(session.url, "maybe")).http).toBe(400);
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "pending" });
  });

  it("expires undecided after 10 minutes: failed, and its page can no longer pass it", async () => {
    const session = await face.start(PERSON);
    t.clock.advance(FACE_SESSION_TTL_MS - 1);
    await expect(face.result(session.sessionId)).resolves.toEqual({ state: "pending" });
    t.clock.advance(1);
    await expect(face.result(session.sessionId)).resolves.toMatchObject({ state: "failed", reason: /超时/ });
    const late = await press(session.url, "pass");
    expect(late.http).toBe(409);
    expect(late.text).toContain("已超时");
    await expect(face.result(session.sessionId)).resolves.toMatchObject({ state: "failed" });
  });

  it("an unknown or malformed session is no session: 404, and a failed result", async () => {
    for (const id of ["A".repeat(43), "short", "..%2F..%2Fx"]) {
      expect((await page(`/sandbox/face/${id}`)).http).toBe(404);
      expect((await press(`http://x/sandbox/face/${id}`, "pass")).http).toBe(404);
    }
    await expect(face.result("A".repeat(43))).resolves.toMatchObject({ state: "failed" });
  });

  it("refuses an ID number that is not 17 digits and a check character, as Aliyun does", async () => {
    for (const idNumber of ["<b>1101011990030785</b>", "11010119900307851", "11010119900307851x"])
      await expect(face.start({ name: "张三", idNumber })).rejects.toMatchObject({ code: "REFUSED" });
  });

  it("keeps only the masked ID number: never the name nor the number", async () => {
    const session = await face.start(PERSON);
    const [row] = await t.db.select().from(sandboxFaceSessions).where(eq(sandboxFaceSessions.id, session.sessionId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(PERSON.idNumber);
    expect(stored).not.toContain(PERSON.name);
    expect(row!.maskedIdNumber).toBe("1****************5");
  });
});
