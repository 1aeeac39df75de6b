import { useEffect, useRef, useState } from 'react';
import { mountCardFields, type CardField, type CardFields } from './hosted-fields.ts';

/** Mounts one hosted field frame into the returned container while `vaultOrigin` is known. */
export function useCardFields(field: CardField, vaultOrigin: string | undefined, enabled = true) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<CardFields | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !vaultOrigin || !enabled) return;
    const mounted = mountCardFields(container, { vaultOrigin, field });
    setFields(mounted);
    return () => {
      mounted.destroy();
      setFields(null);
    };
  }, [field, vaultOrigin, enabled]);

  return { containerRef, fields };
}
