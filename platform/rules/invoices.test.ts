/**
 * The invoiceable amount over random histories (issue 39 §5): top-ups, spends, refunds of spending, withdrawals
 * (asked, approved, rejected), vouchers and coupons, and invoice applications (asked, issued, rejected, reversed).
 * The model applies the platform's two gates (an application never above the invoiceable amount, a withdrawal never
 * into invoiced cash nor above the refundable cash); the figure is never negative, the invoiced total never exceeds
 * the cash kept, and asking for more than the figure is always refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkInvoiceAmount,
  invoiceableFen,
  invoiceKindsFor,
  withdrawalTouchesInvoiced,
  type InvoiceableTerms,
} from "./invoices";

type Step =
  | { t: "topUp"; fen: number }
  | { t: "spend"; fen: number }
  | { t: "refund"; fen: number }
  | { t: "voucher"; fen: number }
  | { t: "withdraw"; fen: number }
  | { t: "decideWithdrawal"; pick: number; approve: boolean }
  | { t: "apply"; fen: number }
  | { t: "decideInvoice"; pick: number; how: "issue" | "reject" | "reverse" };

const fen = fc.integer({ min: 1, max: 500_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fen.map((f) => ({ t: "topUp" as const, fen: f })),
  fen.map((f) => ({ t: "spend" as const, fen: f })),
  fen.map((f) => ({ t: "refund" as const, fen: f })),
  fen.map((f) => ({ t: "voucher" as const, fen: f })),
  fen.map((f) => ({ t: "withdraw" as const, fen: f })),
  fc.record({ t: fc.constant("decideWithdrawal" as const), pick: fc.nat(), approve: fc.boolean() }),
  fen.map((f) => ({ t: "apply" as const, fen: f })),
  fc.record({
    t: fc.constant("decideInvoice" as const),
    pick: fc.nat(),
    how: fc.constantFrom("issue" as const, "reject" as const, "reverse" as const),
  }),
);

interface Model {
  cash: number;
  paidIn: number;
  spentNet: number;
  withdrawals: { fen: number; status: "pending" | "approved" | "rejected" }[];
  invoices: { fen: number; status: "pending" | "issued" | "rejected" | "reversed" }[];
}

const terms = (m: Model): InvoiceableTerms => ({
  paidInFen: m.paidIn,
  withdrawnFen: m.withdrawals.filter((w) => w.status !== "rejected").reduce((s, w) => s + w.fen, 0),
  invoicedFen: m.invoices.filter((i) => i.status === "pending" || i.status === "issued").reduce((s, i) => s + i.fen, 0),
});

function run(steps: Step[], onEach: (m: Model, refusedOver: boolean | null) => void) {
  const m: Model = { cash: 0, paidIn: 0, spentNet: 0, withdrawals: [], invoices: [] };
  for (const s of steps) {
    let refusedOver: boolean | null = null;
    switch (s.t) {
      case "topUp":
        m.cash += s.fen;
        m.paidIn += s.fen;
        break;
      case "spend":
        if (s.fen <= m.cash) {
          m.cash -= s.fen;
          m.spentNet += s.fen;
        }
        break;
      case "refund": {
        const back = Math.min(s.fen, m.spentNet);
        m.cash += back;
        m.spentNet -= back;
        break;
      }
      case "voucher":
        break; // another wallet: no term moves
      case "withdraw": {
        const held = terms(m).withdrawnFen;
        const refundable = Math.max(0, Math.min(m.cash, m.paidIn - m.spentNet - held));
        if (s.fen <= refundable && !withdrawalTouchesInvoiced(terms(m), s.fen)) {
          m.cash -= s.fen;
          m.withdrawals.push({ fen: s.fen, status: "pending" });
        }
        break;
      }
      case "decideWithdrawal": {
        const pending = m.withdrawals.filter((w) => w.status === "pending");
        const w = pending[s.pick % Math.max(1, pending.length)];
        if (w) {
          w.status = s.approve ? "approved" : "rejected";
          if (!s.approve) m.cash += w.fen;
        }
        break;
      }
      case "apply": {
        const before = invoiceableFen(terms(m));
        const check = checkInvoiceAmount(terms(m), s.fen);
        refusedOver = s.fen > before;
        expect(check.ok).toBe(s.fen <= before);
        if (check.ok) m.invoices.push({ fen: s.fen, status: "pending" });
        break;
      }
      case "decideInvoice": {
        const open = m.invoices.filter((i) => i.status === "pending" || i.status === "issued");
        const i = open[s.pick % Math.max(1, open.length)];
        if (i) {
          if (i.status === "pending") i.status = s.how === "reject" ? "rejected" : "issued";
          else if (s.how === "reverse") i.status = "reversed";
        }
        break;
      }
    }
    onEach(m, refusedOver);
  }
}

describe("invoiceable amount", () => {
  it("is never negative, and the invoiced total never exceeds the cash paid in and kept", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        run(steps, (m) => {
          const t = terms(m);
          expect(invoiceableFen(t)).toBeGreaterThanOrEqual(0);
          expect(t.invoicedFen).toBeLessThanOrEqual(t.paidInFen - t.withdrawnFen);
          expect(invoiceableFen(t)).toBe(t.paidInFen - t.withdrawnFen - t.invoicedFen);
        });
      }),
      { numRuns: 400 },
    );
  });

  it("refuses any application above the figure and accepts any up to it", () => {
    fc.assert(
      fc.property(
        fc.record({ paidInFen: fc.nat(10_000_000), withdrawnFen: fc.nat(10_000_000), invoicedFen: fc.nat(10_000_000) }),
        fc.integer({ min: -10, max: 20_000_000 }),
        (t, amount) => {
          const left = invoiceableFen(t);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(checkInvoiceAmount(t, amount).ok).toBe(amount > 0 && amount <= left);
        },
      ),
    );
  });

  it("spending, refunds of spending and vouchers change nothing; a rejected or reversed application gives back", () => {
    const base = { paidInFen: 10_000, withdrawnFen: 2_000, invoicedFen: 3_000 };
    expect(invoiceableFen(base)).toBe(5_000);
    expect(checkInvoiceAmount(base, 5_001)).toEqual({ ok: false, reason: "开票金额超过可开票金额" });
    expect(checkInvoiceAmount(base, 0)).toEqual({ ok: false, reason: "请输入大于0的开票金额" });
    expect(invoiceableFen({ ...base, invoicedFen: 0 })).toBe(8_000);
    expect(withdrawalTouchesInvoiced(base, 5_000)).toBe(false);
    expect(withdrawalTouchesInvoiced(base, 5_001)).toBe(true);
  });

  it("offers 普通发票 to verified accounts and 专用发票 to verified enterprises only", () => {
    expect(invoiceKindsFor(null)).toEqual([]);
    expect(invoiceKindsFor("personal")).toEqual(["normal"]);
    expect(invoiceKindsFor("student")).toEqual(["normal"]);
    expect(invoiceKindsFor("enterprise")).toEqual(["normal", "special"]);
  });
});
