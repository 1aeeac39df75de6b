import { useEffect, useRef, useState } from 'react';
import { useVaultFrameSessionMutation } from './api/vault-frame-session.ts';
import { mountCardFields, type CardField, type CardFields } from './hosted-fields.ts';

/**
 * Mounts one hosted field frame into the returned container while `vaultOrigin` is known, with a frame
 * session for the signed-in shopper in its URL (ADR 032); the fields renew it while the page stays open.
 */
export function useCardFields(field: CardField, vaultOrigin: string | undefined, enabled = true) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [fields, setFields] = useState<CardFields | null>(null);
  const [issueFrameSession] = useVaultFrameSessionMutation();

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !vaultOrigin || !enabled) return;
    let cancelled = false;
    let mounted: CardFields | null = null;
    const renew = () => issueFrameSession().unwrap();
    // Without a session (the call failed; its failure is reported as any other) the frame still opens, and
    // the first tokenize asks for one again.
    void renew()
      .catch(() => null)
      .then((initial) => {
        if (cancelled) return;
        mounted = mountCardFields(container, { vaultOrigin, field, session: { initial, renew } });
        setFields(mounted);
      });
    return () => {
      cancelled = true;
      mounted?.destroy();
      setFields(null);
    };
  }, [field, vaultOrigin, enabled, issueFrameSession]);

  return { containerRef, fields };
}
