import type { ShellData } from "~/utils/shell.server";

/**
 * The shell of a page whose root loader could not answer (the platform down or
 * too slow): the bar as a visitor sees it, no external tabs, no footer details.
 * The error page still has the bar, a way back and the footer's agreements.
 */
export const VISITOR_SHELL: ShellData = {
  user: null,
  account: null,
  site: {
    docsUrl: undefined,
    openApiUrl: undefined,
    hardwareMarketUrl: undefined,
    footer: { companyName: undefined, contactPhone: undefined, contactEmail: undefined, icpNumber: undefined },
    promoLive: false,
    raffleOpen: false,
  },
  notices: [],
  newestNoticeId: 0,
  noticeUnread: false,
  unread: null,
  workOrderUnread: false,
  toast: null,
  bdVid: null,
};
