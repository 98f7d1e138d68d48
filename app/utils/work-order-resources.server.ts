import type { ResourceOption } from "~/components/work-orders/WorkOrderForm";
import type { UserInfo } from "~/upstream/accounts.server";
import { getOrders } from "~/upstream/finance.server";
import { getInstanceList } from "~/upstream/instances.server";
import type { WorkOrderResourceTypeWire } from "~/upstream/work-orders.server";
import { STATE_LABELS } from "./instance-text";
import { maskPhone } from "./user-figures";
import { formatWireMoney } from "../../platform/rules/money";

/** The newest purchase orders the picker offers (instances: the list call's page, 50). */
const ORDERS_SHOWN = 50;

/**
 * The caller's resources a work order of `type` may be about, for the form's
 * picker: the account itself (named by the main account's user id), the
 * caller's purchase orders (by order number), and its instances (by uuid,
 * newest first, released ones too: a bill after release is a question too;
 * a main account's list has its sub-accounts' as well, named).
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
      return list.map((o) => ({ value: o.OrderNo, label: `${o.OrderNo} · ${o.Goods} · ${formatWireMoney(o.Amount)}` }));
    }
    case "instance": {
      const { list } = await getInstanceList(token, 1, "all");
      return list.map((i) => ({
        value: i.InstanceUuid,
        label: `${i.Name} · ${i.GpuName} × ${i.GpuCount} · ${STATE_LABELS[i.State]}${
          i.SubAccountName && !user.SubAccount ? ` · 子账号 ${i.SubAccountName}` : ""
        }`,
      }));
    }
  }
}
