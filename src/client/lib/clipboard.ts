/**
 * Copies text. The Clipboard API needs a secure context and may be refused;
 * then the text is selected (in `area`, a visible text box that stays selected
 * for a manual copy, or else in a hidden one) and copied with execCommand, which
 * old Android browsers still support. Throws when both ways fail.
 */
export async function copyText(text: string, area?: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or page not focused: try the old way.
    }
  }
  const target = area ?? document.createElement("textarea");
  if (!area) {
    target.value = text;
    target.setAttribute("readonly", "");
    target.className = "offscreen-copy";
    document.body.appendChild(target);
  } else {
    target.focus();
  }
  target.select();
  try {
    if (!document.execCommand("copy")) throw new Error("execCommand(copy) recusado");
  } finally {
    if (!area) target.remove();
  }
}
