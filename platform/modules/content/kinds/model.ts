import { eq } from "drizzle-orm";
import { z } from "zod";
import { aiModels, MODEL_FAMILIES } from "../../../db/content-schema";
import { images } from "../../../db/market-schema";
import { fail } from "../../errors";
import { markdownToPlainText } from "../../search/plain-text";
import type { ContentKindSpec } from "../kind";
import { bodyField, positionField, summaryField, titleField, wholeNumberField } from "./fields";

export const ModelFields = z.object({
  name: titleField("名称", 80),
  family: z.enum(MODEL_FAMILIES, { errorMap: () => ({ message: "请选择模型类别" }) }),
  publisher: titleField("发布方", 40),
  parameters: titleField("参数量", 20),
  gpuMemoryGb: wholeNumberField("所需显存", 2048).refine((n) => n > 0, "所需显存至少 1 GB"),
  imageId: z.coerce.number({ invalid_type_error: "请选择镜像" }).int().positive("请选择镜像"),
  licence: titleField("许可证", 60),
  summary: summaryField,
  position: positionField,
  body: bodyField,
});
export type ModelFields = z.infer<typeof ModelFields>;
export type ModelRow = typeof aiModels.$inferSelect;

/** A model of the AI model library (decision 072), served by one of the market's official images. */
export const modelKind: ContentKindSpec<ModelFields, ModelRow> = {
  kind: "model",
  table: aiModels,
  fields: ModelFields,
  toColumns: (f) => ({ ...f }),
  fromRow: (row) => ({
    name: row.name,
    family: row.family,
    publisher: row.publisher,
    parameters: row.parameters,
    gpuMemoryGb: row.gpuMemoryGb,
    imageId: row.imageId,
    licence: row.licence,
    summary: row.summary,
    position: row.position,
    body: row.body,
  }),
  searchDocument: (row) => ({
    source: "model",
    sourceId: row.id,
    title: row.name,
    href: `/AIModels/${row.slug}`,
    plainText: [row.publisher, row.parameters, row.summary, markdownToPlainText(row.body)].filter(Boolean).join("\n"),
  }),
  async validate(ctx, fields) {
    const [image] = await ctx.db
      .select({ owner: images.ownerUserId })
      .from(images)
      .where(eq(images.id, fields.imageId));
    if (!image || image.owner !== null) fail("BAD_REQUEST", "imageId", "请选择平台的官方镜像");
  },
};
