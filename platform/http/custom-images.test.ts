/**
 * The custom image and system reset calls on the wire (decision 088): a
 * missing session is status 2 on each; bad fields are refused with a Chinese
 * reason naming their field, never a 500, and nothing is saved. (Their IDOR
 * walk is in instances-idor.test.ts.)
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customImages } from "../db/images-schema";
import { mainAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: TestAccount;

beforeAll(async () => {
  t = await startTestPlatform();
  owner = await mainAccount(t, { cashFen: 100_00 });
});
afterAll(() => t.close());

const CALLS: [string, Record<string, string | number>][] = [
  ["/image/get_custom_image_list", {}],
  ["/image/get_available_custom_images", {}],
  ["/image/save_custom_image", { instance_uuid: "i-0123456789", name: "a", operation_key: "http-image-key-1" }],
  ["/image/rename_custom_image", { image_id: 1, name: "a" }],
  ["/image/delete_custom_image", { image_id: 1 }],
  ["/instance/get_reset_system_options", { instance_uuid: "i-0123456789" }],
  ["/instance/reset_system", { instance_uuid: "i-0123456789", image_id: 1, operation_key: "http-reset-key-1" }],
];

describe("custom image calls", () => {
  it("answer status 2 without a session", async () => {
    for (const [path, fields] of CALLS) expect((await t.post(path, fields)).body.status, path).toBe(2);
  });

  it("refuse bad fields beside the field, in Chinese, never a 500, saving nothing", async () => {
    const bad: [string, Record<string, string | number>, string][] = [
      ["/image/save_custom_image", { name: "a", operation_key: "http-image-key-2" }, "instance_uuid"],
      ["/image/save_custom_image", { instance_uuid: "i-0123456789", operation_key: "http-image-key-3" }, "name"],
      ["/image/save_custom_image", { instance_uuid: "i-0123456789", name: "a" }, "operation_key"],
      ["/image/rename_custom_image", { image_id: "abc", name: "a" }, "image_id"],
      ["/image/rename_custom_image", { image_id: 1, name: "x".repeat(201) }, "name"],
      ["/image/delete_custom_image", { image_id: -1 }, "image_id"],
      ["/instance/reset_system", { instance_uuid: "i-0123456789", operation_key: "http-reset-key-2" }, "image_id"],
      [
        "/instance/reset_system",
        { instance_uuid: "i-0123456789", image_id: "1.5", operation_key: "http-reset-key-3" },
        "image_id",
      ],
      ["/instance/reset_system", { instance_uuid: "i-0123456789", image_id: 1 }, "operation_key"],
    ];
    for (const [path, fields, field] of bad) {
      const reply = await t.post(path, { session: owner.token, ...fields });
      expect(reply.http, path).toBeLessThan(500);
      expect(reply.body, `${path} ${field}`).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field } });
      expect(reply.body.reason).toMatch(/[\u4e00-\u9fa5]/);
    }
    // A name the rule refuses is refused by the module beside its field too (an unknown instance is looked up after).
    const named = await t.post("/image/save_custom_image", {
      session: owner.token,
      instance_uuid: "i-0123456789",
      name: "a/b",
      operation_key: "http-image-key-4",
    });
    expect(named.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "name" } });
    expect(await t.db.select().from(customImages).where(eq(customImages.userId, owner.userId))).toEqual([]);
  });
});
