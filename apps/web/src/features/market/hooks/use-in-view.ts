import { type RefObject, useEffect, useState } from 'react';

export interface Visibility {
  /** The element is near the viewport now. */
  visible: boolean;
  /** It has been near the viewport at least once (then stays true): lazy per-row requests. */
  seen: boolean;
}

type Callback = (visible: boolean) => void;

/** One IntersectionObserver per margin, shared by every row (not one observer per row). */
const observers = new Map<string, { io: IntersectionObserver; callbacks: Map<Element, Callback> }>();

function observe(el: Element, rootMargin: string, cb: Callback): () => void {
  let entry = observers.get(rootMargin);
  if (!entry) {
    const callbacks = new Map<Element, Callback>();
    const io = new IntersectionObserver(
      (records) => {
        for (const r of records) callbacks.get(r.target)?.(r.isIntersecting);
      },
      { rootMargin },
    );
    entry = { io, callbacks };
    observers.set(rootMargin, entry);
  }
  const { io, callbacks } = entry;
  callbacks.set(el, cb);
  io.observe(el);
  return () => {
    callbacks.delete(el);
    io.unobserve(el);
  };
}

const ALWAYS: Visibility = { visible: true, seen: true };
const NEVER: Visibility = { visible: false, seen: false };

/** Whether the element is (and has been) within `rootMargin` of the viewport. */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): Visibility {
  const [state, setState] = useState<Visibility>(NEVER);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setState(ALWAYS);
      return;
    }
    return observe(el, rootMargin, (visible) =>
      setState((s) => (s.visible === visible ? s : { visible, seen: s.seen || visible })),
    );
  }, [ref, rootMargin]);
  return state;
}
