import { useNavigate } from 'react-router';
import { ProviderPageDialog } from './ProviderPageDialog.tsx';

/**
 * The bank-linking page in a dialog over the page that opened it (issue 24): the pay page, the payment
 * methods, cash-out. When the account is linked (or the order paid from it), the page's end says where to go
 * on: that page with ?bankLink= (useBankLinkReturn saves the account there), or the receipt.
 */
export function BankLinkDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ProviderPageDialog
      kind="bankLink"
      url={url}
      onFinished={(path) => {
        onClose();
        void navigate(path);
      }}
      onCancel={onClose}
    />
  );
}
