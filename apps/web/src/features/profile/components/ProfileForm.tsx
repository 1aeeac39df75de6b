import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COUNTRIES, PROFILE_LIMITS, profileUpdateBody, type GetUserResponse, type ProfileUpdate, type UserProfile } from '@store/shared';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { handleApiError } from '../../../lib/error-handler.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { useProfileUpdateMutation } from '../api/update-profile.ts';
import { FIELD_LABELS, serverFieldError, toFormValues, type ProfileFormValues } from '../profile-form.ts';
import { Button, SelectField, TextField } from '../../../components/ui/index.ts';

export const PROFILE_SAVED_TEXT = 'Your profile is saved.';

const COUNTRY_OPTIONS = [...COUNTRIES]
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((country) => ({ value: country.code, label: country.name }));

interface ProfileFormProps {
  profile: UserProfile;
  /** The US states of getuser, offered when the country is the US. */
  states: GetUserResponse['states'];
}

/** Names and address, prefilled from getuser; the state is what the next payment or cash-out goes by. */
export function ProfileForm({ profile, states }: ProfileFormProps) {
  const dispatch = useAppDispatch();
  const [save] = useProfileUpdateMutation();
  const { register, handleSubmit, setError, setValue, reset, watch, formState } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateBody),
    defaultValues: toFormValues(profile),
  });
  const { errors, isSubmitting } = formState;
  const inUs = watch('address.country').trim().toUpperCase() === 'US';
  const stateOptions = useMemo(() => states.map((state) => ({ value: state.code, label: state.name })), [states]);

  // A US state code means nothing elsewhere, nor a region's name in the US: moving across, start again.
  const wasInUs = useRef(inUs);
  useEffect(() => {
    if (wasInUs.current !== inUs) setValue('address.state', '');
    wasInUs.current = inUs;
  }, [inUs, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save(values).unwrap();
      reset(toFormValues(answer.data));
      notify.success(PROFILE_SAVED_TEXT);
    } catch (error) {
      const failure = readApiFailure(error);
      const named = failure.status === 400 ? serverFieldError(failure.field, failure.message) : null;
      if (named) setError(named.field, { message: named.message }, { shouldFocus: true });
      else handleApiError(error as FetchBaseQueryError, dispatch);
    }
  });

  const addressErrors = errors.address;
  return (
    <form className="profile-form" aria-label="Profile details" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="profile-form__row">
        <TextField
          label={FIELD_LABELS.firstname}
          autoComplete="given-name"
          maxLength={PROFILE_LIMITS.name}
          registration={register('firstname')}
          error={errors.firstname?.message}
        />
        <TextField
          label={FIELD_LABELS.lastname}
          autoComplete="family-name"
          maxLength={PROFILE_LIMITS.name}
          registration={register('lastname')}
          error={errors.lastname?.message}
        />
      </div>
      <TextField
        label={FIELD_LABELS['address.street']}
        autoComplete="street-address"
        maxLength={PROFILE_LIMITS.street}
        registration={register('address.street')}
        error={addressErrors?.street?.message}
      />
      <div className="profile-form__row">
        <TextField
          label={FIELD_LABELS['address.city']}
          autoComplete="address-level2"
          maxLength={PROFILE_LIMITS.city}
          registration={register('address.city')}
          error={addressErrors?.city?.message}
        />
        {inUs ? (
          <SelectField
            label={FIELD_LABELS['address.state']}
            autoComplete="address-level1"
            placeholder="Choose a state"
            options={stateOptions}
            registration={register('address.state')}
            error={addressErrors?.state?.message}
          />
        ) : (
          <TextField
            label="State / province"
            autoComplete="address-level1"
            maxLength={PROFILE_LIMITS.region}
            registration={register('address.state')}
            error={addressErrors?.state?.message}
          />
        )}
      </div>
      <div className="profile-form__row">
        <TextField
          label={inUs ? FIELD_LABELS['address.zipCode'] : 'Postal code'}
          autoComplete="postal-code"
          maxLength={PROFILE_LIMITS.postalCode}
          registration={register('address.zipCode')}
          error={addressErrors?.zipCode?.message}
        />
        <SelectField
          label={FIELD_LABELS['address.country']}
          autoComplete="country"
          options={COUNTRY_OPTIONS}
          registration={register('address.country')}
          error={addressErrors?.country?.message}
        />
      </div>
      <p className="profile-form__note">
        Your state decides which ways to pay and to cash out are open to you; a change applies from your next purchase or cash-out.
      </p>
      <Button className="profile-form__submit" type="submit" busy={isSubmitting} busyLabel="Saving…">
        Save profile
      </Button>
    </form>
  );
}
