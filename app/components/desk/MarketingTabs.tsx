import { NavLink } from "@remix-run/react";

/** 积分商城's two pages: the catalogue and the goods to ship. */
export function PointsStoreTabs() {
  return (
    <nav aria-label="积分商城" style={{ display: "flex", gap: 16, marginBottom: 12 }}>
      <NavLink to="/desk/points" end prefetch="intent">
        商品管理
      </NavLink>
      <NavLink to="/desk/points/orders" prefetch="intent">
        实物发货
      </NavLink>
    </nav>
  );
}
