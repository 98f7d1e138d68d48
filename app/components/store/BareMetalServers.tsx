import { Muted, Price, Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import type { BareMetalServerWire } from "~/upstream/market.server";
import { formatWireMoney } from "../../../platform/rules/money";

/** The bare-metal servers by region and model: GPUs per server, price per GPU-hour and per server-month, free servers. */
export function BareMetalServers({ servers }: { servers: BareMetalServerWire[] }) {
  if (servers.length === 0) return <p>暂无符合条件的裸金属服务器</p>;
  return (
    <TableScroll label="裸金属服务器" minWidth={640}>
      <Table data-testid="bare-metal-servers">
        <thead>
          <tr>
            <th>地区</th>
            <th>GPU型号</th>
            <th>配置（每台）</th>
            <th>价格</th>
            <th>整机月付</th>
            <th>空闲</th>
          </tr>
        </thead>
        <tbody>
          {servers.map((s) => (
            <tr key={`${s.Region.Code}-${s.Gpu.Code}`} data-testid="bare-metal-server">
              <td>{s.Region.Name}</td>
              <td>
                {s.Gpu.Name} · {s.Gpu.MemoryGb}GB
              </td>
              <td>
                {s.GpusPerServer} 卡 · {s.CpuCoresPerGpu * s.GpusPerServer} 核 · {s.RamGbPerGpu * s.GpusPerServer}GB
                内存
              </td>
              <td>
                <Price>{formatWireMoney(s.Price)}/卡·时</Price>
              </td>
              <td>
                <Price>{formatWireMoney(s.MonthPrice)}/台·月</Price> <Muted>（30天，9.5折）</Muted>
              </td>
              <td>{s.FreeServers > 0 ? `空闲 ${s.FreeServers} 台` : <Muted>已售罄</Muted>}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
