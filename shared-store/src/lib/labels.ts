/** The cart button's accessible name: "Cart, 2 items". */
export function cartLabel(count: number): string {
  return `Cart, ${String(count)} ${count === 1 ? 'item' : 'items'}`;
}
