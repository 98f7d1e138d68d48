import { z } from "zod";
import * as desk from "~/upstream/desk.server";
import { formAction } from "./action.server";
import { asStaff, requireStaff } from "./desk-session.server";
import { redirectWithToast } from "./toast.server";

const id = z.coerce.number({ invalid_type_error: "编号不正确" }).int().positive("编号不正确");
const name = (label: string, max: number) =>
  z.string().trim().min(1, `请填写${label}`).max(max, `${label}不能超过${max}个字符`);
/** Destructive forms ask twice: the box must be ticked (works without JavaScript). */
const confirmed = z.literal("1", { errorMap: () => ({ message: "请勾选确认后再删除" }) });
const RESOURCE_TYPES = ["account", "instance", "order"] as const;

const DocumentFields = z.object({
  category_id: z.coerce.number({ invalid_type_error: "请选择分类" }).int().positive("请选择分类"),
  question_id: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().positive("问题不正确").optional()),
  title: name("文档标题", 100),
  content: z
    .string()
    .max(20_000, "文档内容不能超过20000个字符")
    .refine((v) => v.trim() !== "", "请填写文档内容"),
});

/**
 * The catalogue pages' forms (/desk/categories, /desk/documents), one intent
 * each. The platform's refusals (名称已存在, 正在使用中, 不存在) come back
 * beside the field they name; `values.id` tells the page which row's form it was.
 */
export function handleDeskCatalogueAction(request: Request, back: string) {
  const done = (message: string) => redirectWithToast(back, { type: "success", message });
  return formAction(request, {
    guard: requireStaff,
    fieldAliases: { category_id: "category_id", question_id: "question_id", resource_types: "resource_types" },
    intents: (intent) => ({
      "create-category": intent(z.object({ name: name("分类名称", 32) }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskCreateCategory(guard.auth, input.name));
        return done("分类已创建");
      }),
      "rename-category": intent(z.object({ id, name: name("分类名称", 32) }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskRenameCategory(guard.auth, input.id, input.name));
        return done("分类已重命名");
      }),
      "delete-category": intent(z.object({ id, confirm: confirmed }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskDeleteCategory(guard.auth, input.id));
        return done("分类已删除");
      }),
      "create-question": intent(
        z.object({ category_id: id, name: name("问题名称", 64) }),
        async (input, { guard, form }) => {
          const types = form.getAll("resource_types").map(String);
          const chosen = RESOURCE_TYPES.filter((t) => types.includes(t));
          await asStaff(request, () =>
            desk.deskCreateQuestion(guard.auth, input.category_id, input.name, chosen.length ? chosen : types),
          );
          return done("问题已创建");
        },
      ),
      "rename-question": intent(z.object({ id, name: name("问题名称", 64) }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskRenameQuestion(guard.auth, input.id, input.name));
        return done("问题已重命名");
      }),
      "delete-question": intent(z.object({ id, confirm: confirmed }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskDeleteQuestion(guard.auth, input.id));
        return done("问题已删除");
      }),
      "create-document": intent(DocumentFields, async (input, { guard }) => {
        await asStaff(request, () => desk.deskCreateDocument(guard.auth, input));
        return done("文档已创建");
      }),
      "update-document": intent(DocumentFields.extend({ id }), async ({ id: docId, ...input }, { guard }) => {
        await asStaff(request, () => desk.deskUpdateDocument(guard.auth, docId, input));
        return done("文档已保存");
      }),
      "delete-document": intent(z.object({ id, confirm: confirmed }), async (input, { guard }) => {
        await asStaff(request, () => desk.deskDeleteDocument(guard.auth, input.id));
        return done("文档已删除");
      }),
    }),
  });
}
