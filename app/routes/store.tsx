import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BareMetalServers } from "~/components/store/BareMetalServers";
import { OfferCard } from "~/components/store/OfferCard";
import { OfferFilters } from "~/components/store/OfferFilters";
import { ReservationForm } from "~/components/store/ReservationForm";
import { StoreTabs } from "~/components/store/StoreTabs";
import { Grid, Muted, Page, Panel, PanelTitle } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { storeAction, storeLoader } from "~/utils/store.server";
import { memberPriceLabel } from "~/utils/member-price";

export const meta: MetaFunction = () => [
  { title: "算力市场 · 算力云" },
  { name: "description", content: "GPU 云主机、容器实例、裸金属服务器按小时租用，按天 9.8 折，按月 9.5 折。" },
];
export const handle = { showContact: true };

export function loader({ request }: LoaderFunctionArgs) {
  return storeLoader(request);
}

export function action({ request }: ActionFunctionArgs) {
  return storeAction(request);
}

/** The promotion banner above the market: a landmark of its own (axe: all content in landmarks). */
const Hero = styled("aside", {
  backgroundColor: "$barDark",
  color: "white",
  img: { display: "block", width: "100%", maxWidth: 1200, margin: "0 auto", height: "auto" },
});

export default function StorePage() {
  const { type, typed, errors, gpuCount, options, offers, servers, prices, signedIn, banner } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/store";
  return (
    <>
      {banner && (
        <Hero aria-label="活动横幅">
          <Link to={banner.Link} aria-label={banner.Title}>
            <img src={banner.Image} alt={banner.Title} width={1200} height={240} fetchPriority="high" />
          </Link>
        </Hero>
      )}
      <Page>
        <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>算力市场</h1>
        <StoreTabs current={type} />
        <Panel css={{ "@mobile": { padding: "$3" } }}>
          <OfferFilters key={type} type={type} options={options} typed={typed} errors={errors} />
        </Panel>
        {type === "bare_metal" ? (
          <>
            <Panel>
              <PanelTitle>裸金属服务器</PanelTitle>
              <BareMetalServers servers={servers} />
            </Panel>
            <Panel id="reserve">
              <PanelTitle>预约裸金属</PanelTitle>
              <ReservationForm
                options={options}
                signedIn={signedIn}
                values={result?.values ?? {}}
                errors={result?.fieldErrors ?? {}}
                formError={result?.formError ?? null}
              />
            </Panel>
          </>
        ) : (
          <section
            aria-labelledby="offers-title"
            aria-busy={updating || undefined}
            style={{ opacity: updating ? 0.6 : 1 }}
          >
            <h2 id="offers-title" className="visually-hidden">
              可租用的GPU
            </h2>
            {offers.length === 0 ? (
              <Panel>
                <p>暂无符合条件的GPU，请调整筛选条件</p>
              </Panel>
            ) : (
              <Grid
                data-testid="offers"
                css={{ gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))" }}
              >
                {offers.map((offer) => (
                  <OfferCard
                    key={`${offer.Region.Code}-${offer.Gpu.Code}`}
                    offer={offer}
                    gpus={gpuCount}
                    memberPrice={memberPriceLabel(prices, type, offer.Gpu.Code)}
                  />
                ))}
              </Grid>
            )}
            <p>
              <Muted>价格为每卡每小时的按量计费价；按天 9.8 折，按月 9.5 折，可与会员折扣叠加。</Muted>
            </p>
          </section>
        )}
      </Page>
    </>
  );
}
