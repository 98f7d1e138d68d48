import type { InstanceLogItemWire } from "../../contract/instances-timeline";
import type { PageWire } from "../../contract/page";
import type { InstanceLogItem } from "../../modules/instances/timeline-log";
import type { Page } from "../../modules/page";
import { fenToYuan } from "../../rules/money";
import { toPage } from "./page";

export function toInstanceLogItemWire(item: InstanceLogItem): InstanceLogItemWire {
  return {
    Kind: item.kind,
    At: item.at.toISOString(),
    Actor: item.actor,
    Text: item.text,
    Amount: item.amountFen === null ? null : fenToYuan(item.amountFen),
  };
}

export function toInstanceLogPageWire(page: Page<InstanceLogItem>): PageWire<InstanceLogItemWire> {
  return toPage(page, toInstanceLogItemWire);
}
