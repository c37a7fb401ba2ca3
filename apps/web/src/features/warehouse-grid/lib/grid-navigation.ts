/** Where a key press moves the focus in a shelves x sections grid; null for a key that does not move. */
export function nextCell(
  from: { row: number; column: number },
  size: { rows: number; columns: number },
  key: { key: string; ctrlKey: boolean; rtl: boolean },
): { row: number; column: number } | null {
  let { row, column } = from;
  switch (key.key) {
    case "ArrowUp":
      row -= 1;
      break;
    case "ArrowDown":
      row += 1;
      break;
    case "ArrowLeft":
      column += key.rtl ? 1 : -1;
      break;
    case "ArrowRight":
      column += key.rtl ? -1 : 1;
      break;
    case "Home":
      column = 0;
      row = key.ctrlKey ? 0 : row;
      break;
    case "End":
      column = size.columns - 1;
      row = key.ctrlKey ? size.rows - 1 : row;
      break;
    default:
      return null;
  }
  const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));
  return { row: clamp(row, size.rows), column: clamp(column, size.columns) };
}
