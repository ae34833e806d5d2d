import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

export type Edge = "top" | "bottom";

const GAP = 16;

/**
 * The field or button in use (a row just tapped in a list) and the fields in
 * error, each with its label and message: what a toast must not cover.
 */
function guardedRects(stack: HTMLElement): DOMRect[] {
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
  const rects: DOMRect[] = [];
  for (const field of fields) {
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

const overlaps = (top: number, bottom: number, left: number, right: number, r: DOMRect) =>
  top < r.bottom && bottom > r.top && left < r.right && right > r.left;

/**
 * Keeps a fixed stack (the toasts) off what a person is working on: at the
 * top edge, unless that covers a field or button in use or a field in error,
 * then at the bottom.
 * Checked when the stack shows and as the page scrolls or resizes.
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
    const guarded = guardedRects(el);
    const clearAt = (top: number) => !guarded.some((r) => overlaps(top, top + height, left, right, r));
    if (clearAt(GAP)) setEdge("top");
    else if (clearAt(window.innerHeight - GAP - height)) setEdge("bottom");
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
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", later);
      window.removeEventListener("resize", later);
      document.removeEventListener("focusin", later);
    };
  }, [active, place]);

  return { ref, edge };
}
