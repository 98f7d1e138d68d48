import type { MainFigures } from "~/utils/user-figures";
import { ProgressFill, ProgressTrack, Table } from "../ui/layout";

/** Quota, used, remaining and the remaining percent of a main account's credit (spec §3, §4). */
export function CreditSummary({ figures }: { figures: MainFigures }) {
  return (
    <div data-testid="credit-summary">
      <Table>
        <tbody>
          <tr>
            <th>授信额度</th>
            <td data-testid="credit-quota">{figures.creditQuota}</td>
          </tr>
          <tr>
            <th>已使用</th>
            <td data-testid="credit-used">{figures.usedCredit}</td>
          </tr>
          <tr>
            <th>剩余可用</th>
            <td data-testid="credit-remaining">{figures.remainCredit}</td>
          </tr>
        </tbody>
      </Table>
      <p>
        剩余比例 <span data-testid="credit-percent">{figures.creditPercent}%</span>
      </p>
      <ProgressTrack
        role="progressbar"
        aria-valuenow={figures.creditPercent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="剩余授信额度"
      >
        <ProgressFill css={{ width: `${figures.creditPercent}%` }} />
      </ProgressTrack>
    </div>
  );
}
