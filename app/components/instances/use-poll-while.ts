import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** Reloads the page's data every `ms` while `active` (an instance changing state), never two at once. */
export function usePollWhile(active: boolean, ms = 2000) {
  const revalidator = useRevalidator();
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!active || !idle) return;
    const timer = setTimeout(() => revalidator.revalidate(), ms);
    return () => clearTimeout(timer);
  }, [active, idle, ms, revalidator]);
}
