import { styled } from "../ui/stitches.config";
import { contactQrPath } from "~/utils/paths";

const Dock = styled("aside", {
  display: "none",
  "@desktop": { display: "flex" },
  position: "fixed",
  right: 16,
  bottom: 96,
  zIndex: 700,
  flexDirection: "column",
  gap: "$2",
});
const Item = styled("div", {
  position: "relative",
  "& > button": {
    width: 56,
    padding: "$2 0",
    border: "1px solid #ECEDF0",
    borderRadius: "$md",
    backgroundColor: "white",
    boxShadow: "$panel",
    fontSize: "$sm",
    color: "$text",
    cursor: "pointer",
    fontFamily: "$body",
  },
  "& > div": {
    display: "none",
    position: "absolute",
    right: 64,
    top: "50%",
    transform: "translateY(-50%)",
    width: 180,
    padding: "$3",
    backgroundColor: "white",
    borderRadius: "$md",
    boxShadow: "$panel",
    textAlign: "center",
    fontSize: "$sm",
  },
  "&:hover > div, &:focus-within > div": { display: "block" },
  img: { width: 150, height: 150, display: "block", margin: "0 auto $2" },
});

const ENTRIES = [
  { key: "service", label: "客服", title: "扫码联系在线客服", note: "工作日 9:00-21:00" },
  { key: "official", label: "服务号", title: "关注服务号", note: "实例到期、余额提醒" },
  { key: "subscription", label: "订阅号", title: "关注订阅号", note: "活动与新机型上架" },
] as const;

/** Customer service and WeChat QR codes; desktop only, on routes whose handle sets showContact. Works by hover or focus, no JavaScript. */
export function ContactWidget() {
  return (
    <Dock aria-label="联系我们" data-testid="contact-widget">
      {ENTRIES.map((e) => (
        <Item key={e.key}>
          <button type="button">{e.label}</button>
          <div>
            <img src={contactQrPath(e.key)} alt={e.title} loading="lazy" width={150} height={150} />
            <b>{e.title}</b>
            <div>{e.note}</div>
          </div>
        </Item>
      ))}
    </Dock>
  );
}
