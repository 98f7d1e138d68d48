import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { getDeskStoreItem, setDeskStoreItem } from "~/upstream/marketing-desk.server";
import { formAction } from "~/utils/action.server";
import { requireMarketing, storeItemIdParam } from "~/utils/desk-marketing.server";
import { deskStoreItemPath } from "~/utils/desk-paths";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { STORE_ITEM_KIND_LABELS } from "../../platform/rules/marketing-desk";
import { formatWireMoney } from "../../platform/rules/money";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "编辑商品 · 积分商城 · 客服工作台" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = storeItemIdParam(params.id);
  const { auth } = await requireMarketing(request);
  return { item: await loadDeskPage(request, () => getDeskStoreItem(auth, id)) };
}

const count = (label: string) => z.string().max(12, `${label}必须是整数`);

const Save = z.object({
  name: field.requiredText("商品名称", 60),
  description: field.text("商品说明", 300).optional().default(""),
  points: count("积分价格"),
  stock: count("库存"),
  stock_shown: count("库存"),
  limit: count("每人限兑"),
  order: count("排序"),
  on_sale: z.enum(["0", "1"], { errorMap: () => ({ message: "请选择上架状态" }) }),
});

export function action({ request, params }: ActionFunctionArgs) {
  const id = storeItemIdParam(params.id);
  return formAction(request, {
    guard: requireMarketing,
    intents: (intent) => ({
      save: intent(Save, async (input, { guard }) => {
        const item = await asStaff(request, () => setDeskStoreItem(guard.auth, { id, ...input }));
        return redirectWithToast(deskStoreItemPath(id), {
          type: "success",
          message: `已保存「${item.Name}」：库存 ${item.Stock}，${item.OnSale ? "上架中" : "已下架"}`,
        });
      }),
    }),
  });
}

export default function DeskStoreItemPage() {
  const { item } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  const typed = result?.values ?? {};
  const value = (name: string, current: string | number) => typed[name] ?? String(current);
  return (
    <Panel>
      <p>
        <Link to="/desk/points">← 返回商品列表</Link>
      </p>
      <PanelTitle as="h1">
        编辑商品 {item.Id}{" "}
        <Badge data-testid="desk-store-item-sale" tone={item.OnSale ? "primary" : "warn"}>
          {item.OnSale ? "上架中" : "已下架"}
        </Badge>
      </PanelTitle>
      <p>
        <Muted>
          {STORE_ITEM_KIND_LABELS[item.Kind]}
          {item.Voucher && `，算力券 ${formatWireMoney(item.Voucher)}`}
          {item.CouponGroupId && `，优惠券组 ${item.CouponGroupId}`}；已兑换 {item.Exchanged} 件；添加于{" "}
          {formatDateTime(item.CreatedAt)}
        </Muted>
      </p>
      <Form method="post" noValidate style={{ maxWidth: 460 }} aria-label="编辑商品">
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <Field
          label="商品名称"
          name="name"
          maxLength={60}
          defaultValue={value("name", item.Name)}
          error={errors.name}
        />
        <Field
          label="商品说明"
          name="description"
          maxLength={300}
          defaultValue={value("description", item.Description)}
          error={errors.description}
        />
        <Field
          label="积分价格"
          name="points"
          inputMode="numeric"
          defaultValue={value("points", item.Points)}
          error={errors.points}
        />
        {/* The stock as loaded now: a figure typed over a stock users moved meanwhile is refused, never applied. */}
        <input type="hidden" name="stock_shown" value={item.Stock} />
        <Field
          label="库存"
          name="stock"
          inputMode="numeric"
          defaultValue={value("stock", item.Stock)}
          error={errors.stock}
        />
        <Field
          label="每人限兑"
          name="limit"
          inputMode="numeric"
          defaultValue={value("limit", item.Limit)}
          error={errors.limit}
        />
        <Field
          label="排序（小的在前）"
          name="order"
          inputMode="numeric"
          defaultValue={value("order", item.Order)}
          error={errors.order}
        />
        <label>
          上架状态{" "}
          <select name="on_sale" defaultValue={value("on_sale", item.OnSale ? "1" : "0")}>
            <option value="1">上架</option>
            <option value="0">下架</option>
          </select>
        </label>
        <FieldError role={errors.on_sale ? "alert" : undefined}>{errors.on_sale ?? ""}</FieldError>
        <StatusButton intent="save">保存</StatusButton>
      </Form>
    </Panel>
  );
}
