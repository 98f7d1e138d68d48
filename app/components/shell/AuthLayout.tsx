import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldError } from "../ui/Field";
import { styled } from "../ui/stitches.config";
import { LogoMark } from "./icons";

/** Two equal halves on a desktop (the brand, the form); the form alone on a phone. */
const Screen = styled("div", {
  minHeight: "100vh",
  display: "grid",
  "@desktop": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" },
  backgroundColor: "$page",
});
const Hero = styled("aside", {
  display: "none",
  "@desktop": { display: "flex" },
  flexDirection: "column",
  justifyContent: "space-between",
  padding: "$6 8%",
  background: "linear-gradient(135deg, #1A191F 0%, #23315F 100%)",
  color: "white",
  a: { color: "white" },
});
const Pitch = styled("div", {
  "p:first-child": { fontSize: 36, fontWeight: 700, lineHeight: 1.3, margin: "0 0 $4", color: "white" },
  p: { color: "#C9D6FF", fontSize: "$lg" },
});
const Brand = styled(Link, {
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  fontWeight: 700,
  fontSize: "$lg",
  color: "inherit",
  "&:hover": { textDecoration: "none" },
});
const Card = styled("main", {
  backgroundColor: "white",
  padding: "$5 $4",
  "@desktop": { padding: "$6 $5" },
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
});
/** The form's column: no wider than a form reads well, in the middle of its half. */
const Column = styled("div", { width: "100%", maxWidth: 400, margin: "0 auto" });
/** On a phone the hero is hidden: the logo and the way back to the market stand above the form. */
const PhoneHeader = styled("div", {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  marginBottom: "$5",
  color: "$text",
  "@desktop": { display: "none" },
  "& > a:last-child": { padding: "$2 0" },
});

/** A form's answer above it: what was done (a code sent), or what went wrong as a whole. */
export const Notice = styled("p", { color: "$successText", fontSize: "$sm", margin: "0 0 $3" });
export const FormErrorText = styled(FieldError, { marginBottom: "$3", fontSize: "$md" });

/** The login and 忘记密码 pages' frame: the logo on every size, the brand's half on a desktop. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Screen>
      <Hero aria-label="算力云">
        <Brand to="/store" aria-label="算力云首页" data-testid="auth-logo">
          <LogoMark />
          <span>算力云</span>
        </Brand>
        <Pitch>
          <p>GPU 算力，按需租用</p>
          <p>云主机、容器实例、裸金属服务器，按小时、按天、按月计费。</p>
        </Pitch>
        <p>
          <Link to="/store">← 返回算力市场</Link>
        </p>
      </Hero>
      <Card>
        <Column data-testid="auth-column">
          <PhoneHeader>
            <Brand to="/store" aria-label="算力云首页" data-testid="auth-logo-phone">
              <LogoMark />
              <span>算力云</span>
            </Brand>
            <Link to="/store">返回算力市场</Link>
          </PhoneHeader>
          {children}
        </Column>
      </Card>
    </Screen>
  );
}
