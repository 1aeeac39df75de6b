import { useState } from 'react';
import { Link } from 'react-router';
import type { GiftCardCodeView } from '@store/shared';
import { Button } from '../../../components/ui/index.ts';

/** The code on the clipboard; false where the browser refuses (no permission, an insecure page). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CodeRow({ entry }: { entry: GiftCardCodeView }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <li className="purchase__code">
      <span>{entry.name}:</span> <code data-testid="gift-card-code">{entry.code}</code>
      <Button
        variant="outline"
        size="small"
        aria-label={`Copy the code of ${entry.name}`}
        onClick={() => void copyToClipboard(entry.code).then((ok) => setCopied(ok ? 'yes' : 'no'))}
      >
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </Button>
      {copied === 'no' ? <span className="purchase__copy-failed"> Select the code to copy it.</span> : null}
    </li>
  );
}

/** A delivered order's gift-card codes: each with a copy button, and how a code is redeemed (issue 24). */
export function GiftCardCodes({ codes }: { codes: GiftCardCodeView[] }) {
  return (
    <div className="purchase__gift-cards">
      <ul className="purchase__codes" aria-label="Gift card codes">
        {codes.map((entry) => (
          <CodeRow key={entry.code} entry={entry} />
        ))}
      </ul>
      <p className="purchase__redeem-help" data-testid="redeem-help">
        To redeem a code, sign in (you, or the friend you give it to) and enter it on <Link to="/redeem">Redeem a gift card</Link>: its
        coins go to that account's wallet. Keep codes private: anyone who has one can redeem it, once.
      </p>
    </div>
  );
}
