import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { styled } from "./stitches.config";

const Overlay = styled(RadixDialog.Overlay, {
  position: "fixed",
  inset: 0,
  backgroundColor: "rgba(26,25,31,0.45)",
  zIndex: 900,
});
const Content = styled(RadixDialog.Content, {
  position: "fixed",
  top: "50%",
  left: "50%",
  transform: "translate(-50%, -50%)",
  width: "min(560px, calc(100vw - 32px))",
  maxHeight: "85vh",
  overflowY: "auto",
  backgroundColor: "white",
  borderRadius: "$md",
  boxShadow: "$panel",
  padding: "$5",
  zIndex: 901,
  "&:focus": { outline: "none" },
});
const Title = styled(RadixDialog.Title, { margin: "0 0 $4", fontSize: "$lg" });
const Close = styled(RadixDialog.Close, {
  position: "absolute",
  top: 12,
  right: 12,
  border: "none",
  background: "none",
  fontSize: 20,
  cursor: "pointer",
  color: "$mutedText",
});

/** A dialog; every dialog that holds a form also has a page doing the same without JavaScript. */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content aria-describedby={undefined}>
          <Title>{title}</Title>
          {children}
          <Close aria-label="关闭">×</Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
