import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PointsStoreTabs } from "~/components/desk/MarketingTabs";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import { addDeskStoreItem, getDeskStoreItems } from "~/upstream/marketing-desk.server";
import { formAction } from "~/utils/action.server";
import { requireMarketing } from "~/utils/desk-marketing.server";
import { deskStoreItemPath } from "~/utils/desk-paths";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { STORE_ITEM_KIND_LABELS } from "../../platform/rules/marketing-desk";
import { formatWireMoney } from "../../platform/rules/money";
import * as field from "../../platform/rules/fields";

export const meta: MetaFunction = () => [{ title: "积分商城 · 客服工作台" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireMarketing(request);
  return { items: await loadDeskPage(request, () => getDeskStoreItems(auth)) };
}

const short = (label: string, max: number) => z.string().max(max, `${label}最多${max}个字`).optional().default("");

const Add = z.object({
  kind: z.enum(["coupon", "voucher", "goods"], { errorMap: () => ({ message: "请选择商品类型" }) }),
  name: field.requiredText("商品名称", 60),
  description: field.text("商品说明", 300).optional(),
  points: short("积分价格", 12),
  stock: short("库存", 12),
  limit: short("每人限兑", 12),
  on_sale: z.enum(["0", "1"]).catch("1"),
  coupon_group: short("优惠券组编号", 20),
  voucher: short("算力券金额", 20),
});

export function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireMarketing,
    intents: (intent) => ({
      add: intent(Add, async (input, { guard }) => {
        const item = await asStaff(request, () =>
          addDeskStoreItem(guard.auth, {
            ...input,
            description: input.description ?? "",
            coupon_group: input.coupon_group || undefined,
            voucher: input.voucher || undefined,
          }),
        );
        return redirectWithToast("/desk/points", { type: "success", message: `已添加商品「${item.Name}」` });
      }),
    }),
  });
}

export default function DeskPointsPage() {
  const { items } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.fieldErrors ?? {};
  const typed = result?.values ?? {};
  return (
    <Panel>
      <PanelTitle as="h1">积分商城</PanelTitle>
      <PointsStoreTabs />
      {items.length === 0 ? (
        <p>暂无商品</p>
      ) : (
        <TableScroll label="商品" minWidth={820}>
          <Table data-testid="desk-store-items">
            <thead>
              <tr>
                <th>编号</th>
                <th>名称</th>
                <th>类型</th>
                <th>积分价格</th>
                <th>库存</th>
                <th>每人限兑</th>
                <th>已兑换</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.Id} data-testid={`desk-store-item-${i.Id}`}>
                  <td>{i.Id}</td>
                  <td>{i.Name}</td>
                  <td>
                    {STORE_ITEM_KIND_LABELS[i.Kind]}
                    {i.Voucher && <Muted> {formatWireMoney(i.Voucher)}</Muted>}
                    {i.CouponGroupId && <Muted> 券组 {i.CouponGroupId}</Muted>}
                  </td>
                  <td>{i.Points}</td>
                  <td>{i.Stock}</td>
                  <td>{i.Limit}</td>
                  <td>{i.Exchanged}</td>
                  <td>
                    <Badge tone={i.OnSale ? "primary" : "warn"}>{i.OnSale ? "上架中" : "已下架"}</Badge>
                  </td>
                  <td>
                    <Link to={deskStoreItemPath(i.Id)} prefetch="intent" aria-label={`编辑「${i.Name}」`}>
                      编辑
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <h2>添加商品</h2>
      <Form method="post" noValidate style={{ maxWidth: 460 }} aria-label="添加商品">
        {result?.formError && <FieldError role="alert">{result.formError}</FieldError>}
        <label>
          商品类型{" "}
          <select name="kind" defaultValue={typed.kind ?? "goods"} aria-invalid={errors.kind ? true : undefined}>
            {Object.entries(STORE_ITEM_KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <FieldError role={errors.kind ? "alert" : undefined}>{errors.kind ?? ""}</FieldError>
        <Field label="商品名称" name="name" maxLength={60} defaultValue={typed.name ?? ""} error={errors.name} />
        <Field
          label="商品说明"
          name="description"
          maxLength={300}
          defaultValue={typed.description ?? ""}
          error={errors.description}
        />
        <Field
          label="积分价格"
          name="points"
          inputMode="numeric"
          defaultValue={typed.points ?? ""}
          error={errors.points}
        />
        <Field label="库存" name="stock" inputMode="numeric" defaultValue={typed.stock ?? ""} error={errors.stock} />
        <Field
          label="每人限兑"
          name="limit"
          inputMode="numeric"
          defaultValue={typed.limit ?? "1"}
          error={errors.limit}
        />
        <Field
          label="优惠券组编号（仅优惠券商品）"
          name="coupon_group"
          inputMode="numeric"
          defaultValue={typed.coupon_group ?? ""}
          error={errors.coupon_group}
        />
        <Field
          label="算力券金额（元，仅算力券商品）"
          name="voucher"
          inputMode="decimal"
          defaultValue={typed.voucher ?? ""}
          error={errors.voucher}
        />
        <label>
          上架状态{" "}
          <select name="on_sale" defaultValue={typed.on_sale ?? "1"}>
            <option value="1">上架</option>
            <option value="0">下架</option>
          </select>
        </label>
        <p>
          <StatusButton intent="add">添加商品</StatusButton>
        </p>
      </Form>
    </Panel>
  );
}
