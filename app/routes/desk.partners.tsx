import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { TableScroll } from "~/components/ui/TableScroll";
import { getDeskPartners, getDeskRefusedBindings } from "~/upstream/marketing-desk.server";
import { requirePartnerDesk } from "~/utils/desk-marketing.server";
import { loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { pageNumber } from "~/utils/page-number";
import { REFERRAL_REFUSAL_LABELS } from "../../platform/rules/marketing-desk";
import { formatWireMoney } from "../../platform/rules/money";

export const meta: MetaFunction = () => [{ title: "销售合伙人 · 客服工作台" }];

const PAGE_SIZE = 20;
const Query = z.object({ view: z.enum(["partners", "refused"]).catch("partners"), page: pageNumber(100_000) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requirePartnerDesk(request);
  const url = new URL(request.url);
  const query = Query.parse({
    view: url.searchParams.get("view") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  if (query.view === "refused")
    return {
      query,
      partners: null,
      refused: await loadDeskPage(request, () => getDeskRefusedBindings(auth, query.page, PAGE_SIZE)),
    };
  return {
    query,
    partners: await loadDeskPage(request, () => getDeskPartners(auth, query.page, PAGE_SIZE)),
    refused: null,
  };
}

export default function DeskPartnersPage() {
  const { query, partners, refused } = useLoaderData<typeof loader>();
  const total = partners?.total ?? refused?.total ?? 0;
  return (
    <Panel>
      <PanelTitle as="h1">销售合伙人</PanelTitle>
      <nav aria-label="列表" style={{ display: "flex", gap: 16, marginBottom: 12 }}>
        <Link to="/desk/partners?view=partners" aria-current={query.view === "partners" ? "page" : undefined}>
          合伙人
        </Link>
        <Link to="/desk/partners?view=refused" aria-current={query.view === "refused" ? "page" : undefined}>
          被拒绝的绑定
        </Link>
      </nav>
      {partners &&
        (partners.list.length === 0 ? (
          <p>暂无合伙人</p>
        ) : (
          <TableScroll label="合伙人" minWidth={720}>
            <Table data-testid="desk-partners">
              <thead>
                <tr>
                  <th>手机号</th>
                  <th>推广码</th>
                  <th>加入时间</th>
                  <th>已绑定用户</th>
                  <th>已结算佣金</th>
                  <th>已提取佣金</th>
                </tr>
              </thead>
              <tbody>
                {partners.list.map((p) => (
                  <tr key={p.UserId}>
                    <td>{p.Phone}</td>
                    <td>{p.Code}</td>
                    <td>{formatDateTime(p.AgreedAt)}</td>
                    <td>{p.Referred}</td>
                    <td>{formatWireMoney(p.Settled)}</td>
                    <td>{formatWireMoney(p.Withdrawn)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        ))}
      {refused && (
        <>
          <p>
            <Muted>注册时或实名认证后按防作弊规则拒绝绑定的账号，不计佣金。</Muted>
          </p>
          {refused.list.length === 0 ? (
            <p>暂无被拒绝的绑定</p>
          ) : (
            <TableScroll label="被拒绝的绑定" minWidth={760}>
              <Table data-testid="desk-refused-bindings">
                <thead>
                  <tr>
                    <th>注册用户</th>
                    <th>合伙人</th>
                    <th>原因</th>
                    <th>注册时间</th>
                    <th>判定时间</th>
                  </tr>
                </thead>
                <tbody>
                  {refused.list.map((r) => (
                    <tr key={`${r.ReferredPhone}-${r.DecidedAt}-${r.PartnerCode}`}>
                      <td>{r.ReferredPhone}</td>
                      <td>
                        {r.PartnerPhone} <Muted>{r.PartnerCode}</Muted>
                      </td>
                      <td>{REFERRAL_REFUSAL_LABELS[r.Reason]}</td>
                      <td>{formatDateTime(r.RegisteredAt)}</td>
                      <td>{formatDateTime(r.DecidedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
        </>
      )}
      <Pagination
        page={query.page}
        pageSize={PAGE_SIZE}
        total={total}
        hrefFor={(p) => `/desk/partners?view=${query.view}&page=${p}`}
      />
    </Panel>
  );
}
