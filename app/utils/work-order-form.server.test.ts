import { describe, expect, it } from "vitest";
import { CommentSchema, postedAttachmentIds, WorkOrderFormSchema } from "./work-order-form.server";

const good = {
  resource_id: "12",
  title: "充值未到账",
  body: "**已扣款**\n\n请帮忙查一下",
  contact_phone: "13800000000",
  agree: "1",
};

describe("the work-order form", () => {
  it("takes a good form", () => {
    expect(WorkOrderFormSchema.parse(good)).toEqual(good);
  });

  it("says what is wrong beside each field, in Chinese", () => {
    const result = WorkOrderFormSchema.safeParse({
      ...good,
      title: " ",
      body: "  \n ",
      contact_phone: "123",
      agree: undefined,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      title: "请填写标题",
      body: "请填写问题描述",
      contact_phone: "请输入正确的11位手机号",
      agree: "请阅读并同意《工单服务协议》",
    });
  });

  it("refuses a body over the platform's limit and control characters, keeps line breaks", () => {
    expect(WorkOrderFormSchema.safeParse({ ...good, body: "a".repeat(10_001) }).success).toBe(false);
    expect(WorkOrderFormSchema.safeParse({ ...good, body: "a\u0000b" }).success).toBe(false);
    expect(CommentSchema.parse({ body: "第一行\r\n第二行\t!" }).body).toBe("第一行\r\n第二行\t!");
    expect(CommentSchema.safeParse({ body: "" }).error?.issues[0]?.message).toBe("请填写回复内容");
  });

  it("reads the editor's uploaded ids: positive whole numbers, each once", () => {
    const form = new FormData();
    for (const v of ["3", "3", "0", "-1", "x", "1e3", "7"]) form.append("attachment_ids", v);
    expect(postedAttachmentIds(form)).toEqual([3, 7]);
  });
});
