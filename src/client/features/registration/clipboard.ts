/**
 * Copies text. The Clipboard API needs a secure context; old Android browsers
 * and plain-HTTP pages fall back to a hidden textarea and execCommand.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen-copy";
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand("copy")) throw new Error("execCommand(copy) recusado");
  } finally {
    area.remove();
  }
}
