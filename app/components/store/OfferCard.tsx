import { Link } from "@remix-run/react";
import { Muted, Price } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import type { OfferWire } from "~/upstream/market.server";
import type { MemberPriceLabel } from "~/utils/member-price";
import { createInstancePath } from "~/utils/paths";
import { formatWireMoney } from "../../../platform/rules/money";

const Card = styled("article", {
  display: "flex",
  flexDirection: "column",
  gap: "$2",
  padding: "$4",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  backgroundColor: "white",
  h3: { margin: 0, fontSize: "$lg" },
  p: { margin: 0 },
});
const Foot = styled("div", {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
});

/** The offer's hosts, one line each: what a renter picks by (decision 069). */
const Hosts = styled("ul", {
  listStyle: "none",
  margin: "auto 0 0",
  padding: "$2 0 0",
  borderTop: "1px solid #ECEDF0",
  fontSize: "$sm",
  li: { display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "0 $2", padding: "2px 0" },
});

/** Hosts listed on a card; more are counted. */
const HOSTS_SHOWN = 4;
const Rent = styled(Link, {
  padding: "$1 $4",
  borderRadius: "$sm",
  backgroundColor: "$primaryFill",
  color: "white",
  textDecoration: "none",
  "&:hover": { backgroundColor: "$primaryFillHover", textDecoration: "none" },
});

/**
 * One offer of cloud hosts or containers: model and memory, region, specs per
 * GPU, the newest CUDA, the price in red per GPU-hour, the caller's membership
 * price, the free GPUs, 租用 preset to this offer (or 已售罄, no link), and its
 * hosts with free/total GPUs, CUDA version and the largest data disk one can
 * rent there now (GPUs free × the disk per GPU).
 */
export function OfferCard({
  offer,
  memberPrice,
  gpus,
}: {
  offer: OfferWire;
  memberPrice: MemberPriceLabel | null;
  /** The GPU count the filter asked for, carried to the rental form. */
  gpus: number | null;
}) {
  const type = offer.MachineType === "kvm" ? "kvm" : "docker";
  return (
    <Card data-testid="offer" data-gpu={offer.Gpu.Code} data-region={offer.Region.Code}>
      <h3>
        {offer.Gpu.Name} · {offer.Gpu.MemoryGb}GB
      </h3>
      <Muted>{offer.Region.Name}</Muted>
      <p>
        每卡 {offer.CpuCoresPerGpu} 核 CPU · {offer.RamGbPerGpu}GB 内存 · 数据盘 {offer.DataDiskGbPerGpu}GB · 系统盘{" "}
        {offer.SystemDiskGb}GB
      </p>
      <Muted data-testid="offer-cuda">最高 CUDA {offer.MaxCudaVersion}</Muted>
      <p>
        <Price data-testid="offer-price">{formatWireMoney(offer.Price)}/卡·时</Price>
        {memberPrice && (
          <Muted data-testid="offer-member-price" css={{ marginLeft: 8 }}>
            {memberPrice.label} <Price>{formatWireMoney(memberPrice.price)}</Price>
          </Muted>
        )}
      </p>
      <Foot>
        {offer.FreeGpus > 0 ? (
          <>
            <span data-testid="offer-free">空闲 {offer.FreeGpus} 卡</span>
            <Rent
              to={createInstancePath({
                type,
                region: offer.Region.Code,
                gpu: offer.Gpu.Code,
                gpus: gpus && gpus <= offer.MaxFreePerHost ? gpus : undefined,
              })}
              prefetch="intent"
            >
              租用
            </Rent>
          </>
        ) : (
          <Muted data-testid="offer-free">已售罄</Muted>
        )}
      </Foot>
      <Hosts aria-label={`${offer.Region.Name} ${offer.Gpu.Name} 的主机`} data-testid="offer-hosts">
        {offer.Hosts.slice(0, HOSTS_SHOWN).map((host) => (
          <li key={host.Name} data-testid="offer-host">
            <span>{host.Name}</span>
            <span>
              空闲 <strong>{host.GpuFree}</strong>/{host.GpuTotal} 卡
            </span>
            <Muted css={{ flexBasis: "100%" }}>
              CUDA ≤ {host.CudaVersion} · 数据盘{" "}
              {host.GpuFree > 0 ? `最多 ${host.GpuFree * offer.DataDiskGbPerGpu}GB` : "—"}
            </Muted>
          </li>
        ))}
        {offer.Hosts.length > HOSTS_SHOWN && <Muted as="li">另有 {offer.Hosts.length - HOSTS_SHOWN} 台主机</Muted>}
      </Hosts>
    </Card>
  );
}
