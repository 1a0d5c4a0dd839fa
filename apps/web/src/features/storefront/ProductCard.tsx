import {
  dedicationAdSize,
  formatCurrency,
  PERSONALIZATION_NAME_MAX,
  personalization,
  productShipping,
  productType,
} from '@colophon/domain';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Chip,
  FileInput,
  Group,
  Image,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type JSX, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { storefrontApi } from './api';
import {
  DEDICATION_TEXT_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  isBook,
  offersName,
  PERSONALIZATION_ICONS,
  personalizationNameProblem,
} from './cart';
import type { CartItem, StorefrontProduct } from './types';

/** Why an image is refused before it is sent, or null: JPEG or PNG, at most 10 MB. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image.';
  if (file.size > IMAGE_MAX_BYTES) return 'Choose an image of at most 10 MB.';
  return null;
}

/** An image chooser that uploads at once and keeps the stored key, with a preview of what was chosen. */
function ImageUpload({
  slug,
  label,
  description,
  value,
  onChange,
  error,
}: {
  slug: string;
  label: string;
  description: string;
  value: string | null;
  onChange: (key: string | null) => void;
  error: string | undefined;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | null) => {
    setProblem(null);
    onChange(null);
    if (!file) return;
    const refusal = imageProblem(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setUploading(true);
    try {
      const { key } = await storefrontApi.upload(slug, file);
      setPreview((previous) => {
        if (previous) URL.revokeObjectURL(previous);
        return URL.createObjectURL(file);
      });
      onChange(key);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        description={uploading ? 'Uploading…' : description}
        accept={IMAGE_TYPES.join(',')}
        clearable
        onChange={(file) => void choose(file)}
        error={problem ?? error}
        disabled={uploading}
      />
      {value && preview ? (
        <Image src={preview} alt={`Preview of the ${label.toLowerCase()}`} mah={160} fit="contain" />
      ) : null}
    </Stack>
  );
}

/** One product of the catalogue with the options its type takes, and "Add to cart". */
export function ProductCard({
  slug,
  product,
  onAdd,
}: {
  slug: string;
  product: StorefrontProduct;
  onAdd: (item: CartItem) => void;
}): JSX.Element {
  const book = isBook(product);
  const isAd = product.typeProduct === productType.YearbookAd;
  const isText = product.typeProduct === productType.TextOnlyDedication;
  const pages = product.typeProduct === productType.CustomParentPages ? product.customPages : null;
  const headingId = `product-${product.id}`;

  const [quantity, setQuantity] = useState(1);
  const [personalize, setPersonalize] = useState(false);
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [icons, setIcons] = useState<string[]>([]);
  const [donate, setDonate] = useState(false);
  const [adImage, setAdImage] = useState<string | null>(null);
  const [adMessage, setAdMessage] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState(false);

  const max = Math.max(1, product.maxPerOrder);
  const named = book && personalize && offersName(product);
  const add = () => {
    const next: Record<string, string> = {};
    if (book && personalize && offersName(product)) {
      const problem = personalizationNameProblem(name);
      if (problem) next.name = problem;
      if (product.typePersonalization === 2 && !photo) next.photo = 'Upload the photo for the cover.';
    }
    if (isAd && !adImage) next.adImage = 'Upload the ad image.';
    if (isText && !text.trim()) next.text = 'Write the dedication.';
    setErrors(next);
    if (Object.keys(next).length) return;
    onAdd({
      productId: product.id,
      quantity: isAd || isText ? 1 : quantity,
      ...(named ? { personalizationName: name.trim() } : {}),
      ...(named && product.typePersonalization === 2 && photo ? { photoKey: photo } : {}),
      ...(named && product.typePersonalization === 4 && icons.length ? { icons: icons.join(',') } : {}),
      ...(pages === 2 || pages === 4 ? { customPages: pages } : {}),
      ...(book && donate ? { isDonated: true } : {}),
      ...(isAd && adImage ? { adImageKey: adImage } : {}),
      // An ad's optional message travels as its dedication text (the cart has one text per line).
      ...(isAd && adMessage.trim() ? { dedicationText: adMessage.trim() } : {}),
      ...(isText ? { dedicationText: text.trim() } : {}),
    });
    setAdded(true);
  };

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        {product.imageUrl ? <Image src={product.imageUrl} alt={product.name} mah={180} fit="contain" /> : null}
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {product.name}
          </Title>
          <Text fw={700}>{formatCurrency(product.priceCents)}</Text>
        </Group>
        {product.description ? (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        ) : null}

        {book ? (
          <>
            <NumberInput
              label="Quantity"
              min={1}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              value={quantity}
              onChange={(value) => setQuantity(Math.max(1, Math.min(max, Number(value) || 1)))}
            />
            <Text size="sm">Delivery: {productShipping.label(product.typeShipping)}</Text>
            {offersName(product) ? (
              <Checkbox
                label={`Personalize the cover: ${personalization.label(product.typePersonalization)}${
                  product.personalizationPriceCents ? ` (+${formatCurrency(product.personalizationPriceCents)})` : ''
                }`}
                checked={personalize}
                onChange={(event) => setPersonalize(event.currentTarget.checked)}
              />
            ) : null}
            {named ? (
              <Stack gap="xs" pl="md">
                <TextInput
                  label="Name on the cover"
                  description={`${name.trim().length} / ${PERSONALIZATION_NAME_MAX} characters`}
                  maxLength={PERSONALIZATION_NAME_MAX + 10}
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  onBlur={() =>
                    setErrors((current) =>
                      withProblem(current, 'name', name.trim() ? personalizationNameProblem(name) : null),
                    )
                  }
                  error={errors.name}
                  required
                />
                <Paper withBorder p="sm" bg="dark.6" aria-label="Cover preview">
                  <Text c="white" ta="center" fw={700} ff="serif" size="lg">
                    {name.trim() || 'Your name here'}
                  </Text>
                </Paper>
                {product.typePersonalization === 2 ? (
                  <ImageUpload
                    slug={slug}
                    label="Cover photo"
                    description="JPEG or PNG, at most 10 MB"
                    value={photo}
                    onChange={setPhoto}
                    error={errors.photo}
                  />
                ) : null}
                {product.typePersonalization === 4 ? (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id={`${headingId}-icons`}>
                      Icons
                    </Text>
                    <Chip.Group multiple value={icons} onChange={setIcons}>
                      <Group gap="xs" role="group" aria-labelledby={`${headingId}-icons`}>
                        {PERSONALIZATION_ICONS.map((icon) => (
                          <Chip key={icon} value={icon} size="xs">
                            {icon}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                  </Stack>
                ) : null}
              </Stack>
            ) : null}
            {product.allowsDonation ? (
              <Checkbox
                label="Donate this book to a student"
                checked={donate}
                onChange={(event) => setDonate(event.currentTarget.checked)}
              />
            ) : null}
          </>
        ) : null}

        {isAd ? (
          <>
            {product.adSize ? (
              <Badge variant="light" w="fit-content">
                {dedicationAdSize.label(product.adSize)}
              </Badge>
            ) : null}
            <ImageUpload
              slug={slug}
              label="Ad image"
              description="JPEG or PNG, at most 10 MB"
              value={adImage}
              onChange={setAdImage}
              error={errors.adImage}
            />
            <Textarea
              label="Message (optional)"
              rows={2}
              maxLength={DEDICATION_TEXT_MAX}
              value={adMessage}
              onChange={(event) => setAdMessage(event.currentTarget.value)}
            />
          </>
        ) : null}

        {pages ? <Text size="sm">{pages} custom pages for your family's photos and words.</Text> : null}

        {isText ? (
          <Textarea
            label="Dedication"
            description={`${text.length} / ${DEDICATION_TEXT_MAX} characters`}
            rows={3}
            maxLength={DEDICATION_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
            required
          />
        ) : null}

        <Button onClick={add} aria-describedby={headingId}>
          Add to cart
        </Button>
        {added ? (
          <Text size="xs" c="green.8" role="status">
            Added to your cart.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function withProblem(current: Record<string, string>, field: string, problem: string | null) {
  const { [field]: _dropped, ...rest } = current;
  return problem ? { ...rest, [field]: problem } : rest;
}
