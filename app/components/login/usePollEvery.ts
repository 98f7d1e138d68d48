import { useEffect } from "react";
import { useRevalidator } from "@remix-run/react";

/** Reloads the page's loaders every `ms` while `active` (a QR waiting for its scan); without JavaScript, nothing. */
export function usePollEvery(ms: number, active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, ms);
    return () => window.clearInterval(timer);
  }, [ms, active, revalidator]);
}
