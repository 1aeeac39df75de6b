/**
 * The identity provider's hosted page (Jumio's, or the store's sandbox of it) inside the store. The
 * camera is delegated to the frame so the document and the selfie can be photographed there.
 */
export function IdentityCheckFrame({ src }: { src: string }) {
  return (
    <div className="verification-frame">
      <iframe src={src} title="Identity check" allow="camera" referrerPolicy="no-referrer" data-testid="identity-check-frame" />
    </div>
  );
}
