/**
 * The identity provider's hosted page (Jumio's Web Client, or the store's sandbox of it) inside the store.
 * `src` is Jumio's web.href exactly as the account API answered it (its authorizationToken is in it).
 * The permissions are those Jumio's Web Client documents for an iFrame (ADR 040): the camera for the
 * document and the selfie, and fullscreen and motion sensors for the biometric (liveness) capture.
 */
export const IDENTITY_FRAME_ALLOW = 'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer';

export function IdentityCheckFrame({ src }: { src: string }) {
  return (
    <div className="verification-frame">
      <iframe
        src={src}
        title="Identity check"
        allow={IDENTITY_FRAME_ALLOW}
        allowFullScreen
        referrerPolicy="no-referrer"
        data-testid="identity-check-frame"
      />
    </div>
  );
}
