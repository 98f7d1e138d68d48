/**
 * A stock typed into a desk form is an absolute figure, but exchanges and draws take stock while the form is open.
 * The form sends the stock it showed beside the typed one; under the row's lock this decides what the save does, so
 * a save never silently undoes what users took meanwhile.
 */
export type StockEdit = { stock: number | undefined } | { refused: string };

export function stockEdit(current: number, typed: number | undefined, shown: number | undefined): StockEdit {
  // No stock in the form, or an operator command's absolute figure: as typed.
  if (typed === undefined || shown === undefined || current === shown) return { stock: typed };
  // The stock moved, but this form did not change it: the save leaves it where users left it.
  if (typed === shown) return { stock: undefined };
  return { refused: `库存已变化：当前库存 ${current}（页面打开后有用户兑换或抽中），请核对后重新填写` };
}
