import { describe, expect, it } from "vitest";
import { z } from "zod";
import { chosenFiles, requiredFile, uploadedIds } from "./verification-fields";

const file = (size: number, name = "a.png") => new File([new Uint8Array(size)], name, { type: "image/png" });

describe("verification form fields", () => {
  it("an empty file input (a nameless empty part) is no file", () => {
    expect(chosenFiles(file(0, ""))).toEqual([]);
    expect(chosenFiles(undefined)).toEqual([]);
    expect(chosenFiles("text")).toEqual([]);
    expect(chosenFiles([file(3), file(0, ""), file(5)]).map((f) => f.size)).toEqual([3, 5]);
  });

  it("a required file names the problem when none was chosen", () => {
    const schema = z.object({ licence_file: requiredFile("请选择营业执照照片") });
    const missing = schema.safeParse({ licence_file: file(0, "") });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ["licence_file"], message: "请选择营业执照照片" });
    expect(schema.parse({ licence_file: file(4) }).licence_file.size).toBe(4);
  });

  it("ids kept from an earlier try: positive integers only", () => {
    expect(uploadedIds.parse(undefined)).toEqual([]);
    expect(uploadedIds.parse("")).toEqual([]);
    expect(uploadedIds.parse("3,4")).toEqual([3, 4]);
    expect(uploadedIds.parse("3,-1,0,x,07,5")).toEqual([3, 5]);
  });
});
