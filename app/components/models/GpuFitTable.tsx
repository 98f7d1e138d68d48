import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { Muted, Price, Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import type { GpuFitWire } from "~/upstream/models.server";
import { fitFree, fitGpus, fitPrice, fitRentalPath } from "~/utils/model-fit";

/**
 * Every GPU the model fits on, best first: GPUs per instance, today's free
 * cards and the lowest price, where (region, machine type) that price is,
 * and 用此镜像创建: the rental form preset to that offer with the model's image.
 */
export function GpuFitTable({ fits, imageId, modelName }: { fits: GpuFitWire[]; imageId: number; modelName: string }) {
  if (fits.length === 0) return <Muted as="p">当前市场没有能容纳该模型的 GPU（单台实例最多 8 卡）。</Muted>;
  return (
    <TableScroll label={`${modelName} 可用的 GPU`} minWidth={560}>
      <Table>
        <thead>
          <tr>
            <th scope="col">GPU</th>
            <th scope="col">空闲</th>
            <th scope="col">价格（每卡）</th>
            <th scope="col">地区</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {fits.map((fit) => (
            <tr key={fit.Gpu.Code} data-testid="model-fit" data-gpu={fit.Gpu.Code}>
              <td>
                {fitGpus(fit)} <Muted>（{fit.Gpu.MemoryGb}GB/卡）</Muted>
              </td>
              <td>{fitFree(fit)}</td>
              <td>
                <Price>{fitPrice(fit)}</Price>
              </td>
              <td>
                {fit.Region.Name} · {fit.MachineType === "kvm" ? "云主机" : "容器实例"}
              </td>
              <td>
                {fit.FreeGpus > 0 ? (
                  <ButtonLink as={Link} to={fitRentalPath(fit, imageId)} prefetch="intent" size="sm">
                    用此镜像创建
                  </ButtonLink>
                ) : (
                  <Muted>已售罄</Muted>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
