import { Link } from "@remix-run/react";
import { Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import { createInstancePath } from "~/utils/paths";
import type { KvmStockGroup } from "~/utils/kvm-stock";
import { formatWireMoney } from "../../../platform/rules/money";

/** One GPU model's cloud-host stock, a row per region: free GPUs, hosts with room, the largest that fits, price. */
export function KvmStockTable({ group, need }: { group: KvmStockGroup; need: number }) {
  const title = group.gpuName;
  return (
    <section aria-label={title} data-testid="kvm-stock-group">
      <h2 style={{ fontSize: 16, margin: "16px 0 8px" }}>{title}</h2>
      <TableScroll label={`${title} 库存`} minWidth={640}>
        <Table>
          <thead>
            <tr>
              <th scope="col">地区</th>
              <th scope="col">空闲GPU</th>
              <th scope="col">有 {need} 张空闲卡的主机</th>
              <th scope="col">单台主机最多空闲</th>
              <th scope="col">单价</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <tr key={row.regionCode} data-testid="kvm-stock-row">
                <th scope="row">{row.regionName}</th>
                <td data-testid="kvm-stock-free">{`${row.freeGpus} / ${row.totalGpus}`}</td>
                <td>{`${row.hostsWithRoom} / ${row.hosts} 台`}</td>
                <td>{row.maxFreePerHost} 张</td>
                <td>{formatWireMoney(row.price)}/卡/时</td>
                <td>
                  {row.maxFreePerHost >= need ? (
                    <Link
                      to={createInstancePath({ type: "kvm", region: row.regionCode, gpu: group.gpuCode, gpus: need })}
                    >
                      租用
                    </Link>
                  ) : (
                    "已售罄"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </section>
  );
}
