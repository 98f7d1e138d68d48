import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/Pagination";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import {
  getDeskRaffle,
  getDeskRaffleDraws,
  setDeskRafflePrize,
  setDeskRaffleWindow,
} from "~/upstream/marketing-desk.server";
import { formAction } from "~/utils/action.server";
import { requireMarketing } from "~/utils/desk-marketing.server";
import { asStaff, loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { pageOf } from "~/utils/page-number";
import { redirectWithToast } from "~/utils/toast.server";
import {
  dateToBeijingMinute,
  RAFFLE_OUTCOME_LABELS,
  RAFFLE_PRIZE_KIND_LABELS,
  RAFFLE_STATE_LABELS,
} from "../../platform/rules/marketing-desk";
import { ODDS_SCALE, weightAsPercent } from "../../platform/rules/raffle-odds";

export const meta: MetaFunction = () => [{ title: "周年抽奖 · 客服工作台" }];

const DRAWS_PER_PAGE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireMarketing(request);
  const page = pageOf(request, 100_000);
  const [raffle, draws] = await loadDeskPage(request, () =>
    Promise.all([getDeskRaffle(auth), getDeskRaffleDraws(auth, page, DRAWS_PER_PAGE)]),
  );
  return { raffle, draws, page };
}

const minute = (label: string) => z.string().trim().min(1, `请填写${label}`).max(20, `${label}格式不正确`);
const count = (label: string) => z.string().max(12, `${label}必须是整数`);

export function action({ request }: ActionFunctionArgs) {
  const back = (message: string) => redirectWithToast("/desk/raffle", { type: "success", message });
  return formAction(request, {
    guard: requireMarketing,
    intents: (intent) => ({
      window: intent(
        z.object({ starts_at: minute("开始时间"), ends_at: minute("结束时间") }),
        async (input, { guard }) => {
          await asStaff(request, () => setDeskRaffleWindow(guard.auth, input.starts_at, input.ends_at));
          return back("活动时间已保存");
        },
      ),
      prize: intent(
        z.object({
          id: z.string().regex(/^[1-9]\d{0,15}$/, "请求有误，请刷新页面后重试"),
          stock: count("库存"),
          stock_shown: count("库存"),
          weight: count("中奖权重"),
          active: z.enum(["0", "1"], { errorMap: () => ({ message: "请选择是否参与抽奖" }) }),
        }),
        async (input, { guard }) => {
          const raffle = await asStaff(request, () =>
            setDeskRafflePrize(guard.auth, { ...input, id: Number(input.id) }),
          );
          const prize = raffle.Prizes.find((p) => p.Id === Number(input.id));
          return back(
            prize
              ? `奖品「${prize.Name}」已保存：库存 ${prize.Stock}，权重 ${prize.Weight}/${ODDS_SCALE}，谢谢参与占 ${weightAsPercent(raffle.NoPrizeWeight)}`
              : "奖品已保存",
          );
        },
      ),
    }),
  });
}

export default function DeskRafflePage() {
  const { raffle, draws, page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  const windowErrors = failed?.intent === "window" ? failed.fieldErrors : {};
  const windowTyped = failed?.intent === "window" ? failed.values : {};
  return (
    <Panel>
      <PanelTitle as="h1">
        周年抽奖 <Badge data-testid="desk-raffle-state">{RAFFLE_STATE_LABELS[raffle.State]}</Badge>
      </PanelTitle>
      <p>
        <Muted>
          {raffle.Name}（/activity_{raffle.Code}）：{formatDateTime(raffle.StartsAt)} 至 {formatDateTime(raffle.EndsAt)}
          （北京时间）
        </Muted>
      </p>
      <h2>活动时间</h2>
      <Form method="post" noValidate style={{ maxWidth: 460 }} aria-label="活动时间">
        {failed?.intent === "window" && failed.formError && <FieldError role="alert">{failed.formError}</FieldError>}
        <Field
          label="开始时间（北京时间）"
          name="starts_at"
          type="datetime-local"
          defaultValue={windowTyped.starts_at ?? dateToBeijingMinute(new Date(raffle.StartsAt))}
          error={windowErrors.starts_at}
        />
        <Field
          label="结束时间（北京时间）"
          name="ends_at"
          type="datetime-local"
          defaultValue={windowTyped.ends_at ?? dateToBeijingMinute(new Date(raffle.EndsAt))}
          error={windowErrors.ends_at}
        />
        <StatusButton intent="window">保存活动时间</StatusButton>
      </Form>

      <h2 style={{ marginTop: 32 }}>奖品与中奖率</h2>
      <p data-testid="desk-raffle-no-prize">
        谢谢参与：{raffle.NoPrizeWeight} / {ODDS_SCALE}（{weightAsPercent(raffle.NoPrizeWeight)}）
      </p>
      <p>
        <Muted>
          每个奖品的中奖权重以 10000 为满，参与抽奖的奖品合计不能超过
          10000，余下为谢谢参与。已抽的记录保留抽奖时的中奖率。
        </Muted>
      </p>
      {raffle.Prizes.map((p) => {
        const mine = failed?.intent === "prize" && failed.values.id === String(p.Id);
        const errors = mine ? failed.fieldErrors : {};
        const typed = mine ? failed.values : {};
        return (
          <article
            key={p.Id}
            aria-label={`奖品 ${p.Name}`}
            data-testid={`desk-raffle-prize-${p.Id}`}
            style={{ borderTop: "1px solid #D8D8D8", padding: "12px 0" }}
          >
            <h3 style={{ fontSize: 16, margin: "0 0 8px" }}>
              {p.Name} <Muted>{RAFFLE_PRIZE_KIND_LABELS[p.Kind]}</Muted>{" "}
              <Badge tone={p.Active ? "primary" : "warn"} data-testid="desk-raffle-prize-odds">
                {p.Active ? `中奖率 ${weightAsPercent(p.Weight)}` : "未参与抽奖"}
              </Badge>
            </h3>
            <p style={{ margin: "0 0 8px" }}>
              库存 <span data-testid="desk-raffle-prize-stock">{p.Stock}</span>，权重 {p.Weight} / {ODDS_SCALE}
            </p>
            <Form
              method="post"
              noValidate
              style={{ display: "flex", flexWrap: "wrap", gap: "0 16px", alignItems: "flex-start" }}
              aria-label={`修改奖品 ${p.Name}`}
            >
              <input type="hidden" name="id" value={p.Id} />
              {/* The stock as loaded now: a figure typed over a stock draws moved meanwhile is refused. */}
              <input type="hidden" name="stock_shown" value={p.Stock} />
              {mine && failed.formError && <FieldError role="alert">{failed.formError}</FieldError>}
              <div style={{ width: 200 }}>
                <Field
                  label="库存"
                  name="stock"
                  inputMode="numeric"
                  defaultValue={typed.stock ?? String(p.Stock)}
                  error={errors.stock}
                />
              </div>
              <div style={{ width: 200 }}>
                <Field
                  label="中奖权重（满 10000）"
                  name="weight"
                  inputMode="numeric"
                  defaultValue={typed.weight ?? String(p.Weight)}
                  error={errors.weight}
                />
              </div>
              <label style={{ alignSelf: "center" }}>
                是否参与抽奖{" "}
                <select name="active" defaultValue={typed.active ?? (p.Active ? "1" : "0")}>
                  <option value="1">参与</option>
                  <option value="0">不参与</option>
                </select>
              </label>
              <FieldError role={errors.active ? "alert" : undefined}>{errors.active ?? ""}</FieldError>
              <div style={{ alignSelf: "center" }}>
                <StatusButton intent="prize">保存奖品</StatusButton>
              </div>
            </Form>
          </article>
        );
      })}

      <h2 style={{ marginTop: 32 }}>抽奖记录</h2>
      {draws.list.length === 0 ? (
        <p>暂无抽奖记录</p>
      ) : (
        <TableScroll label="抽奖记录" minWidth={820}>
          <Table data-testid="desk-raffle-draws">
            <thead>
              <tr>
                <th>编号</th>
                <th>用户</th>
                <th>时间</th>
                <th>结果</th>
                <th>随机值</th>
                <th>抽奖时的中奖率</th>
              </tr>
            </thead>
            <tbody>
              {draws.list.map((d) => (
                <tr key={d.Id}>
                  <td>{d.Id}</td>
                  <td>{d.Phone}</td>
                  <td>{formatDateTime(d.CreatedAt)}</td>
                  <td>
                    {RAFFLE_OUTCOME_LABELS[d.Outcome]}
                    {d.PrizeName && `：${d.PrizeName}`}
                  </td>
                  <td>
                    {d.RandomValue} <Muted>/ {ODDS_SCALE}</Muted>
                  </td>
                  <td>
                    <Muted>
                      {d.Odds.map((o) => `${o.Name} ${weightAsPercent(o.Weight)}（库存${o.Stock}）`).join("；")}
                    </Muted>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination page={page} pageSize={DRAWS_PER_PAGE} total={draws.total} hrefFor={(p) => `/desk/raffle?page=${p}`} />
    </Panel>
  );
}
