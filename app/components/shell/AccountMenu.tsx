import type { UserInfo } from "~/upstream/accounts.server";
import type { AccountBar } from "~/utils/user-figures";
import { lazyContent } from "../ui/lazy-content";
import { Menu } from "../ui/Menu";
import { Avatar } from "./Avatar";

/** The dropdown's content: its own module, fetched with the dropdown's code. */
const content = lazyContent(() => import("./AccountMenuContent"));

/** The user dropdown of spec §2. Without JavaScript its trigger links to the account page. */
export function AccountMenu({
  user,
  account,
  workOrderUnread,
}: {
  user: UserInfo;
  /** Figures, balance lines and masked phone, computed by the shell's loader. */
  account: AccountBar;
  /** A work order has a reply the user has not read: the work-order link goes to 我的工单 (spec §2). */
  workOrderUnread: boolean;
}) {
  const initial = (user.SubAccount?.Name ?? user.Name).slice(0, 1).toUpperCase();
  return (
    <Menu
      label="账户菜单"
      fallbackHref="/console/accountInfo"
      trigger={<Avatar>{initial}</Avatar>}
      loadContent={content.load}
    >
      {() => {
        const Content = content.module().default;
        return <Content user={user} account={account} workOrderUnread={workOrderUnread} initial={initial} />;
      }}
    </Menu>
  );
}
