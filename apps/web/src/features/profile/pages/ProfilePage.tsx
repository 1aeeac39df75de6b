import { Button } from '../../../components/ui/index.ts';
import type { GetUserResponse, UserProfile } from '@store/shared';
import { Link } from 'react-router';
import { AvatarEditor } from '../components/AvatarEditor.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';
import { SignInMethods } from '../components/SignInMethods.tsx';
import { ChangeEmail } from '../components/ChangeEmail.tsx';
import { ChangePassword } from '../components/ChangePassword.tsx';
import { RecordingOptOut } from '../../../lib/recording/RecordingOptOut.tsx';
import './profile.css';

export interface ProfilePageProps {
  /** The signed-in shopper as getuser answers (null while it loads). */
  profile: UserProfile | null;
  /** getuser's US states, offered for a US address. */
  states: GetUserResponse['states'];
  loadFailed: boolean;
  onRetry: () => void;
}

/**
 * /profile (ADR 019): the shopper's picture, names and address. app/ hands it the user feature's getuser
 * answer; saving makes getuser ask again, so the header follows at once.
 */
export default function ProfilePage({ profile, states, loadFailed, onRetry }: ProfilePageProps) {
  return (
    <div className="profile-page">
      <title>Your profile</title>
      <h1>Your profile</h1>
      {profile ? (
        <div className="profile-panel">
          <AvatarEditor image={profile.image} />
          {/* Keyed by the shopper: another account signed in here starts from its own values. */}
          <ProfileForm key={profile._id} profile={profile} states={states} />
        </div>
      ) : loadFailed ? (
        <section className="profile-panel">
          <p>We couldn't load your profile.</p>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </section>
      ) : (
        <p role="status">Loading your profile…</p>
      )}
      {profile ? <SignInMethods key={profile._id} /> : null}
      {profile ? <ChangeEmail key={`email-${profile._id}`} email={profile.email} /> : null}
      {profile ? <ChangePassword key={`password-${profile._id}`} /> : null}
      {profile ? (
        <section className="profile-panel" aria-labelledby="profile-privacy">
          <h2 id="profile-privacy">Privacy</h2>
          <p>
            We may record how pages are used to find faults (typed text is always masked, card and bank fields never recorded); see the{' '}
            <Link to="/privacy-policy">privacy policy</Link>.
          </p>
          <RecordingOptOut />
        </section>
      ) : null}
    </div>
  );
}
