-- The occupied regions of Ukraine join the default blocked list (issue 10, ADR 018): Crimea, Sevastopol,
-- Donetsk and Luhansk as ISO 3166-2 subdivisions. Only a store still on the old default gets them; a list
-- someone changed is theirs and stays as it is. A fresh install gets the new default from the seed.
UPDATE settings
SET value = jsonb_set(value, '{blockedCountries}', '["CU", "IR", "KP", "SY", "UA-43", "UA-40", "UA-14", "UA-09"]'::jsonb),
    updated_at = now()
WHERE key = 'store' AND value -> 'blockedCountries' = '["CU", "IR", "KP", "SY"]'::jsonb;
