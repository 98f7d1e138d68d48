import { lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TriggerLink } from "./menu-trigger";
import { styled } from "./stitches.config";

const RadixMenu = lazy(() => import("./RadixMenu"));

/**
 * A Radix dropdown once JavaScript runs. Before that, without JavaScript, and
 * while the dropdown's code loads after hydration, the trigger is a plain link
 * to a page that shows the same content.
 */
export function Menu({
  trigger,
  fallbackHref,
  label,
  children,
}: {
  trigger: ReactNode;
  fallbackHref: string;
  label: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const link = (
    <TriggerLink href={fallbackHref} aria-label={label}>
      {trigger}
    </TriggerLink>
  );
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <RadixMenu trigger={trigger} label={label}>
        {children}
      </RadixMenu>
    </Suspense>
  );
}

export const MenuSeparator = styled("hr", { border: "none", height: 1, backgroundColor: "#ECEDF0", margin: "$2 0" });
