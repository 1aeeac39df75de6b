import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onOutside` when a press starts outside `ref` while `active` (SPEC §2: clicking outside closes). */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, onOutside: () => void, active: boolean): void {
  const callback = useRef(onOutside);
  useEffect(() => {
    callback.current = onOutside;
  });

  useEffect(() => {
    if (!active) return;
    const listener = (event: MouseEvent | TouchEvent) => {
      const element = ref.current;
      if (element && event.target instanceof Node && !element.contains(event.target)) callback.current();
    };
    document.addEventListener('mousedown', listener);
    document.addEventListener('touchstart', listener);
    return () => {
      document.removeEventListener('mousedown', listener);
      document.removeEventListener('touchstart', listener);
    };
  }, [ref, active]);
}
