import type { ResourceOption } from "~/components/work-orders/WorkOrderForm";
import type { UserInfo } from "~/upstream/accounts.server";
import { getOrders } from "~/upstream/finance.server";
import type { WorkOrderResourceTypeWire } from "~/upstream/work-orders.server";
import { maskPhone } from "./user-figures";

/** The newest purchase orders the picker offers. */
const ORDERS_SHOWN = 50;

/**
 * The caller's resources a work order of `type` may be about, for the form's
 * picker: the account itself (named by the main account's user id), the
 * caller's purchase orders (by order number), and instances once the market
 * issue gives the platform a call that lists them (until then the caller has
 * none, and the picker says so).
 */
export async function workOrderResourceOptions(
  type: WorkOrderResourceTypeWire,
  token: string,
  user: UserInfo,
): Promise<ResourceOption[]> {
  switch (type) {
    case "account": {
      const name = user.SubAccount ? `子账号 ${user.SubAccount.Name}` : user.Name;
      return [{ value: String(user.UserId), label: `当前账号：${name}（${maskPhone(user.Phone)}）` }];
    }
    case "order": {
      // The order records are a main account's (decision 028): a sub-account has none to pick from here.
      if (user.SubAccount) return [];
      const { list } = await getOrders(token, { kind: "purchase", page: 1, page_size: ORDERS_SHOWN });
      return list.map((o) => ({ value: o.OrderNo, label: `${o.OrderNo} · ${o.Goods} · ¥${o.Amount}` }));
    }
    case "instance":
      return [];
  }
}
