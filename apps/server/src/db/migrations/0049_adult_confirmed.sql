-- When the account holder confirmed at sign-up that they are 18 or older (issue 24: the terms require it).
-- Null: an account made before the question was asked, or by a social sign-in, which does not ask it.
ALTER TABLE users ADD COLUMN adult_confirmed_at timestamptz;
