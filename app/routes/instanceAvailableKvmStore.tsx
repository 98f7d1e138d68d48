import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { KvmStockFilters } from "~/components/kvm-stock/KvmStockFilters";
import { KvmStockTable } from "~/components/kvm-stock/KvmStockTable";
import { Muted, Page, Panel } from "~/components/ui/layout";
import { formatDateTime } from "~/utils/format";
import { KVM_STOCK_PATH } from "~/utils/kvm-stock";
import { loadKvmStock, publicContentHeaders } from "~/utils/kvm-stock.server";

/** Cacheable for visitors without a session for a few seconds (decision 090); private for everyone else. */
export const headers = publicContentHeaders;
export const meta: MetaFunction = () => [
  { title: "云主机库存 · 算力云" },
  { name: "description", content: "各地区云主机的实时 GPU 库存：空闲卡数、有空位的主机和单价。" },
];

export function loader({ request }: LoaderFunctionArgs) {
  return loadKvmStock(request);
}

export default function KvmStockPage() {
  const { typed, errors, regions, gpuModels, need, groups, asOf } = useLoaderData<typeof loader>();
  return (
    <Page>
      <h1 style={{ fontSize: 20, margin: "0 0 8px" }}>云主机库存</h1>
      <p style={{ margin: "0 0 16px" }}>
        各地区云主机的 GPU 库存，供迁移或重新开机前选择地区和型号。<Muted>数据更新于 {formatDateTime(asOf)}</Muted>{" "}
        <Link to={`${KVM_STOCK_PATH}${typedQuery(typed)}`}>刷新</Link>
      </p>
      <Panel>
        <KvmStockFilters regions={regions} gpuModels={gpuModels} typed={typed} errors={errors} />
      </Panel>
      {groups.length === 0 ? (
        <Panel>
          <p data-testid="kvm-stock-empty">
            没有符合条件的云主机库存{need > 1 ? `（需要单台主机空闲 ${need} 张卡）` : ""}。
          </p>
        </Panel>
      ) : (
        groups.map((group) => <KvmStockTable key={group.gpuCode} group={group} need={need} />)
      )}
    </Page>
  );
}

/** The query of the filter as typed, so 刷新 keeps it ("" for none). */
function typedQuery(typed: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(typed)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `?${search}` : "";
}
