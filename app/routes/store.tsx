import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Grid, Page, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { getBannerAndNoticeCached } from "~/upstream/notices.server";
import { formatDate } from "~/utils/format";
import { DURATION_CHOICES } from "~/utils/rental-terms";
import { discountText, VIP_TIERS } from "../../platform/rules/vip";
import { informDetailPath } from "~/utils/paths";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [
  { title: "算力市场 · 算力云" },
  { name: "description", content: "GPU 云主机、容器实例、裸金属服务器按小时租用，按天 9.8 折，按月 9.5 折。" },
];
export const handle = { showContact: true };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { banners, notices } = await getBannerAndNoticeCached();
    return { banners, notices };
  });
}

const Hero = styled("section", {
  backgroundColor: "$barDark",
  color: "white",
  img: { display: "block", width: "100%", maxWidth: 1200, margin: "0 auto", height: "auto" },
});
const Product = styled("div", {
  padding: "$4",
  border: "1px solid #ECEDF0",
  borderRadius: "$md",
  backgroundColor: "white",
  h3: { margin: "0 0 $2" },
  p: { color: "$mutedText", margin: 0 },
});

const PRODUCTS = [
  { name: "云主机", text: "KVM 虚拟化，独享 GPU，自定义镜像与系统盘，适合长期训练与部署。" },
  { name: "容器实例", text: "秒级启动，预装 PyTorch、TensorFlow 等框架，按小时计费，适合实验与教学。" },
  { name: "裸金属服务器", text: "整机独占 8 卡 GPU，无虚拟化损耗，支持预约，适合大模型训练。" },
];

export default function StorePage() {
  const { banners, notices } = useLoaderData<typeof loader>();
  const banner = banners[0];
  return (
    <>
      {banner && (
        <Hero>
          <Link to={banner.Link} aria-label={banner.Title}>
            <img src={banner.Image} alt={banner.Title} width={1200} height={240} />
          </Link>
        </Hero>
      )}
      <Page>
        <Panel>
          <PanelTitle>产品类型</PanelTitle>
          <Grid>
            {PRODUCTS.map((p) => (
              <Product key={p.name}>
                <h3>{p.name}</h3>
                <p>{p.text}</p>
              </Product>
            ))}
          </Grid>
        </Panel>
        <Panel>
          <PanelTitle>计费方式</PanelTitle>
          <Table>
            <thead>
              <tr>
                <th>计费方式</th>
                <th>可选时长</th>
                <th>时长折扣</th>
              </tr>
            </thead>
            <tbody>
              {DURATION_CHOICES.map((d) => (
                <tr key={d.mode}>
                  <td>{d.label}</td>
                  <td>{d.range}</td>
                  <td>{d.discountText}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p>
            会员折扣可与时长折扣叠加：
            {VIP_TIERS.filter((t) => t.level > 0).map((t) => (
              <Badge key={t.level} tone="gold" css={{ marginLeft: 8 }}>
                {t.name} {discountText(t.discount)}
              </Badge>
            ))}
          </p>
        </Panel>
        <Panel>
          <PanelTitle>最新公告</PanelTitle>
          <Table>
            <tbody>
              {notices.map((n) => (
                <tr key={n.Id}>
                  <td>
                    <Link to={informDetailPath(n.Id)}>{n.Title}</Link>
                  </td>
                  <td style={{ width: 120 }}>{formatDate(n.PublishedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p>
            <Link to="/inform">查看全部公告 →</Link>
          </p>
        </Panel>
      </Page>
    </>
  );
}
