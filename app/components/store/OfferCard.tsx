import { Link } from "@remix-run/react";
import { Muted, Price } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import type { OfferWire } from "~/upstream/market.server";
import type { MemberPriceLabel } from "~/utils/member-price";
import { createInstancePath } from "~/utils/paths";

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
  marginTop: "auto",
});
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
 * GPU, CUDA, the price in red per GPU-hour, the caller's membership price, the
 * free GPUs, and 租用 preset to this offer (or 已售罄, no link).
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
      <Muted>CUDA {offer.CudaVersions.join(" / ")}</Muted>
      <p>
        <Price data-testid="offer-price">¥{offer.Price}/卡·时</Price>
        {memberPrice && (
          <Muted data-testid="offer-member-price" css={{ marginLeft: 8 }}>
            {memberPrice.label} <Price>¥{memberPrice.price}</Price>
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
    </Card>
  );
}
