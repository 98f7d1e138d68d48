import { useEffect, useRef } from "react";
import type { OrderStatusWire } from "~/upstream/payments.server";
import { orderStatusPath } from "~/utils/console-paths";

/** Spec §9: payment polling every 2 s. */
export const POLL_MS = 2000;

/**
 * While a QR order waits for payment, asks for its status every 2 s (spec §4)
 * and calls `onChange` once it is no longer waiting, or once its QR has
 * expired (the server then settles it), or, when the QR was not ready, after
 * 2 s to try again. Stops when the component goes away or the order settles.
 */
export function usePaymentWatch(order: OrderStatusWire, qrNotReady: boolean, onChange: () => void): void {
  const changed = useRef(onChange);
  changed.current = onChange;
  const waiting = order.Status === 0 && order.pay_type !== 2;

  useEffect(() => {
    if (!waiting) return;
    if (qrNotReady) {
      const retry = window.setTimeout(() => changed.current(), POLL_MS);
      return () => window.clearTimeout(retry);
    }
    let stopped = false;
    const poll = window.setInterval(async () => {
      const expired = order.expires_at !== null && Date.parse(order.expires_at) <= Date.now();
      if (document.visibilityState === "hidden" && !expired) return;
      try {
        const response = await fetch(orderStatusPath(order.out_trade_no), { headers: { accept: "application/json" } });
        if (!response.ok || stopped) return;
        const now = (await response.json()) as { Status: number };
        if (!stopped && (now.Status !== 0 || expired)) {
          stopped = true;
          window.clearInterval(poll);
          changed.current();
        }
      } catch {
        // A dropped request: the next tick asks again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(poll);
    };
  }, [waiting, qrNotReady, order.out_trade_no, order.expires_at]);
}
