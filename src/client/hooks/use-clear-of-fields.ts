import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

export type Edge = "top" | "bottom";

const GAP = 16;

/** What is on screen of these elements, each with its label and message. */
function visibleRects(elements: Iterable<Element>): DOMRect[] {
  const rects: DOMRect[] = [];
  for (const field of elements) {
    const parts: Element[] = [field];
    if ("labels" in field && field.labels) parts.push(...Array.from(field.labels as NodeListOf<HTMLLabelElement>));
    for (const id of (field.getAttribute("aria-describedby") ?? "").split(/\s+/)) {
      const described = id && document.getElementById(id);
      if (described) parts.push(described);
    }
    for (const part of parts) rects.push(part.getBoundingClientRect());
  }
  return rects.filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight);
}

/** The field or button in use (a row just tapped in a list) and the fields in error: what a toast must not cover. */
function inUseRects(stack: HTMLElement): DOMRect[] {
  const fields = new Set<Element>(document.querySelectorAll('[aria-invalid="true"]'));
  const active = document.activeElement;
  if (
    (active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active instanceof HTMLSelectElement ||
      active instanceof HTMLButtonElement) &&
    !stack.contains(active)
  )
    fields.add(active);
  return visibleRects(fields);
}

/**
 * The links and buttons of the page's own header ("Voltar ao painel"), not of a card's header inside its main:
 * a toast over them took the tap meant for the link under it, for its 4 s.
 */
function headerRects(): DOMRect[] {
  return visibleRects(
    Array.from(document.querySelectorAll("header a[href], header button")).filter((el) => !el.closest("main")),
  );
}

const overlaps = (top: number, bottom: number, left: number, right: number, r: DOMRect) =>
  top < r.bottom && bottom > r.top && left < r.right && right > r.left;

/**
 * Keeps a fixed stack (the toasts) off what a person is working on: at the
 * top edge, unless that covers a field or button in use, a field in error or
 * the page header's links and buttons, then at the bottom. When no edge is
 * clear of all of them, the header is the one covered.
 * Checked when the stack shows and as the page scrolls, resizes or changes.
 */
export function useClearOfFields<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  const [edge, setEdge] = useState<Edge>("top");

  const place = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    const kids = Array.from(el.children, (c) => c.getBoundingClientRect());
    const left = Math.min(...kids.map((k) => k.left), box.right);
    const right = Math.max(...kids.map((k) => k.right), box.left);
    const height = box.height;
    const inUse = inUseRects(el);
    const bottom = window.innerHeight - GAP - height;
    // Clear of both if an edge is; else what is in use comes first, and the header may be covered.
    for (const guarded of [[...inUse, ...headerRects()], inUse]) {
      const clearAt = (top: number) => !guarded.some((r) => overlaps(top, top + height, left, right, r));
      if (clearAt(GAP)) return setEdge("top");
      if (clearAt(bottom)) return setEdge("bottom");
    }
  }, []);

  // Before paint: a toast never flashes over the field first.
  useLayoutEffect(() => {
    if (active) place();
  });

  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener("scroll", later, { passive: true });
    window.addEventListener("resize", later);
    document.addEventListener("focusin", later);
    // The page under the stack changes too: another page of the panel opens, a list arrives.
    const pageChanged = new MutationObserver(later);
    pageChanged.observe(document.body, { childList: true, subtree: true });
    return () => {
      pageChanged.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", later);
      window.removeEventListener("resize", later);
      document.removeEventListener("focusin", later);
    };
  }, [active, place]);

  return { ref, edge };
}
