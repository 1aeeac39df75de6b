-- Issue 24: linking Apple or Facebook from the profile (ADR 029, amended). A started link names the
-- signed-in user it is for; its hand-over holds the identity the provider vouched for, which is linked only
-- when that user's own browser finishes it (POST v1/auth/providers/link/finish with the binding's secret).
-- A sign-in's hand-over has no identity: a link's code can never be traded for a session.
ALTER TABLE social_sign_in_states ADD COLUMN link_user_id text REFERENCES users(id);
ALTER TABLE social_sign_in_handoffs ADD COLUMN link_identity jsonb;
