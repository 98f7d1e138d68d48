import {
  OFFERED_SURVIVAL_THINGS,
  offeredSurvivalTable,
  SURVIVAL_FATE_LABELS,
  SURVIVAL_THING_LABELS,
  type SurvivalFate,
  type SurvivalRow,
} from "../../../platform/rules/instance-survival";
import { Badge, Table, type BadgeTone } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { TableScroll } from "../ui/TableScroll";

/** Gone for good reads as a warning; everything else as what it is. */
const FATE_TONES: Record<SurvivalFate, BadgeTone> = {
  kept: "success",
  moved: "primary",
  reset: "warn",
  replaced: "warn",
  changed: "primary",
  deleted: "warn",
  ended: "muted",
};

function Fate({ fate }: { fate: SurvivalFate }) {
  return <Badge tone={FATE_TONES[fate]}>{SURVIVAL_FATE_LABELS[fate]}</Badge>;
}

const Facts = styled("ul", {
  listStyle: "none",
  padding: 0,
  margin: "0 0 $3",
  display: "grid",
  gap: "$1",
  li: { fontSize: "$sm" },
});

/**
 * One action's row (platform/rules/instance-survival.ts `survivalRow`), in its
 * confirmation: what happens to each thing, and how long what is kept stays.
 */
export function SurvivalFacts({ row }: { row: SurvivalRow }) {
  return (
    <div data-testid={`survival-${row.action}`}>
      <p>{row.label}后：</p>
      <Facts>
        {OFFERED_SURVIVAL_THINGS.map((thing) => (
          <li key={thing}>
            {SURVIVAL_THING_LABELS[thing]} <Fate fate={row.cells[thing].fate} /> {row.cells[thing].note}
          </li>
        ))}
        <li>
          <strong>保留时长：</strong>
          {row.retention}
        </li>
      </Facts>
    </div>
  );
}

/** The whole table, on the instance page (folded, it opens without JavaScript): each action's fate for each thing. */
export function SurvivalTable({ retentionDays }: { retentionDays: number }) {
  const rows = offeredSurvivalTable(retentionDays);
  return (
    <details data-testid="survival-table">
      <summary>各项操作后，磁盘、地址、插件、镜像与进程是否保留（展开查看）</summary>
      <TableScroll label="数据保留规则" minWidth={720}>
        <Table>
          <thead>
            <tr>
              <th scope="col">操作</th>
              {OFFERED_SURVIVAL_THINGS.map((thing) => (
                <th key={thing} scope="col">
                  {SURVIVAL_THING_LABELS[thing]}
                </th>
              ))}
              <th scope="col">保留时长</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.action}>
                <th scope="row">{row.label}</th>
                {OFFERED_SURVIVAL_THINGS.map((thing) => (
                  <td key={thing} data-wrap>
                    <Fate fate={row.cells[thing].fate} />
                    <br />
                    <small>{row.cells[thing].note}</small>
                  </td>
                ))}
                <td data-wrap>{row.retention}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </details>
  );
}
