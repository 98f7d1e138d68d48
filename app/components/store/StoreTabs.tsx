import { LinkTabs } from "~/components/ui/LinkTabs";
import { storePath } from "~/utils/paths";
import type { StoreMachineType } from "../../../platform/rules/market-filter";

const TABS: { type: StoreMachineType; label: string }[] = [
  { type: "kvm", label: "云主机" },
  { type: "docker", label: "容器实例" },
  { type: "bare_metal", label: "裸金属" },
];

/** The store's machine types as links (`?type=…`): each tab has its URL and works without JavaScript. */
export function StoreTabs({ current }: { current: StoreMachineType }) {
  return (
    <LinkTabs
      label="机器类型"
      tabs={TABS.map((tab) => ({ to: storePath({ type: tab.type }), label: tab.label, current: tab.type === current }))}
    />
  );
}
