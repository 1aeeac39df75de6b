import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATALOGUE_IMAGE_MAX_BYTES } from '@store/shared';
import { failureText } from '../../../lib/api-failure.ts';
import { Button, FilePicker, SelectField, TextAreaField, TextField } from '../../../components/ui/index.ts';
import { useUploadCatalogueImageMutation, type CatalogueItemBody } from './catalogue-api.ts';
import { AVAILABILITY_LABELS, catalogueForm, type CatalogueFormValues } from './catalogue-form.ts';

export interface SubmitResult {
  /** The server refused a field: shown under it. */
  field?: keyof CatalogueFormValues;
  message?: string;
}

interface Props {
  initial: CatalogueFormValues;
  submitLabel: string;
  onSubmit: (values: CatalogueItemBody) => Promise<SubmitResult | void>;
  onCancel: () => void;
}

const BONUS_TYPES = [
  { value: '', label: 'No bonus' },
  { value: 'PERCENTAGE', label: 'Percentage of the coins' },
  { value: 'COINS', label: 'Coin bonus' },
];
const AVAILABILITIES = Object.entries(AVAILABILITY_LABELS).map(([value, label]) => ({ value, label }));

/** Create or edit a coin package or gift card: its text, price, coins, bonus, picture, availability and position. */
export function CatalogueItemForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { register, handleSubmit, setError, setValue, clearErrors, watch, formState } = useForm<
    CatalogueFormValues,
    unknown,
    CatalogueItemBody
  >({ resolver: zodResolver(catalogueForm), defaultValues: initial });
  const { errors, isSubmitting } = formState;
  const [upload, uploading] = useUploadCatalogueImageMutation();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const image = watch('image');
  const giftCard = initial.kind === 'giftCard';
  const bonusType = watch('bonusType');

  async function choosePicture(file: File | undefined) {
    setPictureError(null);
    if (!file) return;
    if (file.size > CATALOGUE_IMAGE_MAX_BYTES) {
      setPictureError(`This picture is over ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`);
      return;
    }
    try {
      const uploaded = await upload(file).unwrap();
      setValue('image', uploaded.url, { shouldDirty: true });
      clearErrors('image');
    } catch (error) {
      setPictureError(failureText(error));
    }
  }

  const submit = handleSubmit(async (values) => {
    const refused = await onSubmit(values);
    if (refused?.field) setError(refused.field, { message: refused.message }, { shouldFocus: true });
  });

  return (
    <form className="admin-form" aria-label={giftCard ? 'Gift card' : 'Coin package'} onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Name" registration={register('name')} error={errors.name?.message} />
      {giftCard && <TextField label="Brand" registration={register('brand')} error={errors.brand?.message} />}
      <TextAreaField label="Description" registration={register('description')} error={errors.description?.message} />
      <TextField label="Price ($)" inputMode="decimal" registration={register('price')} error={errors.price?.message} />
      <TextField label="Coins" inputMode="numeric" registration={register('coins')} error={errors.coins?.message} />
      <SelectField label="Bonus type" options={BONUS_TYPES} registration={register('bonusType')} error={errors.bonusType?.message} />
      {bonusType !== '' && (
        <TextField
          label={bonusType === 'PERCENTAGE' ? 'Bonus (%)' : 'Bonus (coins)'}
          inputMode="numeric"
          registration={register('bonusAmount')}
          error={errors.bonusAmount?.message}
        />
      )}
      <div>
        {image && (
          <img src={image} alt="" width={96} height={96} style={{ objectFit: 'contain' }} data-testid="catalogue-picture-preview" />
        )}
        <FilePicker
          label="Picture"
          buttonText="Choose a picture"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => void choosePicture(e.target.files?.[0])}
          hint={`PNG, JPEG or WebP, at most ${CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`}
          error={pictureError ?? errors.image?.message}
        />
        {uploading.isLoading && <p role="status">Uploading…</p>}
      </div>
      <SelectField
        label="Availability"
        options={AVAILABILITIES}
        registration={register('availability')}
        error={errors.availability?.message}
      />
      <TextField
        label="Position"
        inputMode="numeric"
        registration={register('position')}
        error={errors.position?.message}
        hint="Lower shows first."
      />
      <div>
        <Button type="submit" variant="ghost" disabled={isSubmitting || uploading.isLoading}>
          {submitLabel}
        </Button>{' '}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
