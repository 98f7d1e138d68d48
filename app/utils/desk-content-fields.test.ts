import { describe, expect, it } from "vitest";
import { CONTENT_FIELD_ALIASES, formValuesOf, platformFieldsOf } from "./desk-content-fields";
import { deskContentItemPath, deskContentListPath, deskContentNewPath } from "./desk-paths";

describe("the desk's content forms", () => {
  it("shows a dataset's bytes in GB and sends the GB typed as bytes", () => {
    const values = formValuesOf("dataset", { name: "CIFAR-10", sizeBytes: 170_498_071, fileCount: 6, body: "" });
    expect(values).toMatchObject({ name: "CIFAR-10", sizeGb: "0.170498071", fileCount: "6", body: "" });
    expect(values).not.toHaveProperty("sizeBytes");
    const sent = platformFieldsOf("dataset", { ...values, sizeGb: "150", intent: "save", based_on: "3" });
    expect(sent).toMatchObject({ name: "CIFAR-10", sizeBytes: 150_000_000_000, fileCount: "6" });
    expect(sent).not.toHaveProperty("sizeGb");
    expect(sent).not.toHaveProperty("intent");
    expect(platformFieldsOf("dataset", { ...values, sizeGb: "1.5 TB" })).toBeNull();
  });

  it("sends a doc's fields under the platform's names, a section left empty as none", () => {
    expect(formValuesOf("doc", { title: "计费", summary: "", parentId: null, position: 2, body: "# 计费" })).toEqual({
      title: "计费",
      summary: "",
      parentId: "",
      position: "2",
      body: "# 计费",
    });
    expect(platformFieldsOf("doc", { title: "计费", parentId: "", position: "2", body: "x", slug: "billing" })).toEqual(
      { title: "计费", summary: "", parentId: "", position: "2", body: "x" },
    );
  });

  it("puts the platform's refusals beside the form's fields", () => {
    expect(CONTENT_FIELD_ALIASES).toMatchObject({ parentId: "parentId", sizeBytes: "sizeGb", imageId: "imageId" });
    expect(CONTENT_FIELD_ALIASES.basedOn).toBe("based_on");
  });

  it("builds the content pages' paths, the parameters kept in their segments", () => {
    expect(deskContentListPath("doc")).toBe("/desk/content/doc");
    expect(deskContentNewPath("dataset")).toBe("/desk/content/dataset/new");
    expect(deskContentItemPath("model", 12)).toBe("/desk/content/model/12");
    expect(deskContentItemPath("doc", 3, 2)).toBe("/desk/content/doc/3?version=2");
    expect(deskContentListPath("../x")).toBe("/desk/content/..%2Fx");
  });
});
