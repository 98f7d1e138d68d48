import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { styled } from "./stitches.config";

const Content = styled(DropdownMenu.Content, {
  minWidth: 280,
  maxWidth: 360,
  backgroundColor: "white",
  color: "$text",
  borderRadius: "$md",
  boxShadow: "$panel",
  padding: "$3",
  zIndex: 950,
});

const TriggerLink = styled("a", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  color: "inherit",
  cursor: "pointer",
  background: "none",
  border: "none",
  font: "inherit",
  padding: 0,
  "&:hover": { textDecoration: "none", opacity: 0.85 },
});

/**
 * A Radix dropdown once JavaScript runs; before that (and without it) the
 * trigger is a plain link to a page that shows the same content.
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
  if (!hydrated) {
    return (
      <TriggerLink href={fallbackHref} aria-label={label}>
        {trigger}
      </TriggerLink>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <TriggerLink as="button" type="button" aria-label={label}>
          {trigger}
        </TriggerLink>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={8}>
          {children}
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const MenuItem = DropdownMenu.Item;
export const MenuSeparator = styled(DropdownMenu.Separator, { height: 1, backgroundColor: "#ECEDF0", margin: "$2 0" });
