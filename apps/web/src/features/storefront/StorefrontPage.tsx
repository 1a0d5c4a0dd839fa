import { formatCalendarDate, formatCurrency, productType } from '@colophon/domain';
import { Alert, Anchor, Container, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { type JSX, useEffect, useState } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { storefrontApi } from './api';
import { Checkout, type PaidOrder } from './Checkout';
import { clearCart, groupProducts, loadCart, newUuid, type SavedCart, saveCart } from './cart';
import { ProductCard } from './ProductCard';
import { Totals } from './Totals';
import type { CartItem, Storefront } from './types';

/** The heading of a catalogue group: the part 3 product type, in a parent's words. */
function groupTitle(typeProduct: number): string {
  if (typeProduct === productType.Yearbook) return 'Yearbooks';
  if (typeProduct === productType.YearbookAd) return 'Dedication ads';
  if (typeProduct === productType.TextOnlyDedication) return 'Text dedications';
  return productType.label(typeProduct);
}

function storeDates(store: Storefront): string | null {
  if (store.opensOn && store.closesOn)
    return `Open ${formatCalendarDate(store.opensOn)} to ${formatCalendarDate(store.closesOn)}`;
  if (store.closesOn) return `Open until ${formatCalendarDate(store.closesOn)}`;
  if (store.opensOn) return `Opens ${formatCalendarDate(store.opensOn)}`;
  return null;
}

/** /store/$slug (public, issue 12): a school's online store, where parents buy the yearbook and more. */
export function StorefrontPage(): JSX.Element {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const store = useQuery({
    queryKey: ['storefront', slug],
    queryFn: ({ signal }) => storefrontApi.store(slug, signal),
    retry: false,
  });

  useEffect(() => {
    const previous = document.title;
    document.title = `${store.data?.title ?? 'Online store'} · Colophon`;
    return () => {
      document.title = previous;
    };
  }, [store.data?.title]);

  return (
    <Container size="lg" py="xl" px="md" component="main">
      <QueryState
        query={store}
        loadingLabel="Opening the store…"
        notFound={{ title: 'No such store', message: 'Check the address the school gave you.' }}
      >
        {(data) => <StoreView store={data} />}
      </QueryState>
    </Container>
  );
}

function StoreView({ store }: { store: Storefront }): JSX.Element {
  const [cart, setCart] = useState<SavedCart>(() => loadCart(store.slug));
  const [paid, setPaid] = useState<PaidOrder | null>(null);
  const update = (patch: Partial<SavedCart>) =>
    setCart((current) => {
      const next = { ...current, ...patch };
      saveCart(store.slug, next);
      return next;
    });
  const add = (item: CartItem) => update({ lines: [...cart.lines, { ...item, key: newUuid() }] });
  const dates = storeDates(store);

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text fw={700} c="primary" size="sm">
          {store.accountName} · {store.schoolYear}
        </Text>
        <Title order={1}>{store.title}</Title>
        {dates ? (
          <Text c="dimmed" size="sm">
            {dates}
          </Text>
        ) : null}
        {store.welcomeText && store.isOpen ? <Text mt="xs">{store.welcomeText}</Text> : null}
      </Stack>

      {paid ? (
        <ThankYou paid={paid} />
      ) : !store.isOpen ? (
        <Alert
          color="gray"
          icon={<IconLock size={18} />}
          title={store.closedMessage ?? 'This store is closed.'}
          role="status"
        >
          {dates ? `${dates}. ` : ''}Nothing can be bought here now.
        </Alert>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="xl">
              {groupProducts(store.products).map((group) => (
                <Stack
                  key={group.typeProduct}
                  gap="sm"
                  component="section"
                  aria-labelledby={`group-${group.typeProduct}`}
                >
                  <Title order={2} id={`group-${group.typeProduct}`}>
                    {groupTitle(group.typeProduct)}
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    {group.products.map((product) => (
                      <ProductCard key={product.id} slug={store.slug} product={product} onAdd={add} />
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="md" p="md">
              {cart.lines.length ? (
                <Checkout
                  store={store}
                  lines={cart.lines}
                  couponCode={cart.couponCode}
                  checkoutKey={cart.checkoutKey}
                  onLinesChange={(lines) => update({ lines })}
                  onCouponChange={(couponCode) => update({ couponCode })}
                  onCheckoutKey={(checkoutKey) => update({ checkoutKey })}
                  onPaid={(order) => {
                    // After the queued saves (the key's release), so the emptied cart is what stays stored.
                    setCart(() => {
                      clearCart(store.slug);
                      return { lines: [], couponCode: '', checkoutKey: null };
                    });
                    setPaid(order);
                    window.scrollTo({ top: 0 });
                  }}
                />
              ) : (
                <Stack gap="xs">
                  <Title order={2}>Your cart</Title>
                  <Text c="dimmed" size="sm">
                    Your cart is empty. Choose a yearbook or a dedication to start.
                  </Text>
                </Stack>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

function ThankYou({ paid }: { paid: PaidOrder }): JSX.Element {
  const { result, quote, email } = paid;
  return (
    <Paper withBorder radius="md" p="xl" maw={640} component="section" aria-labelledby="thanks-heading">
      <Stack gap="md">
        <Title order={2} id="thanks-heading">
          <IconCircleCheck size={26} style={{ verticalAlign: 'middle', marginRight: 8 }} aria-hidden />
          Thank you for your order
        </Title>
        <Text>
          Order number <strong>{result.orderNumber}</strong>
        </Text>
        <Totals quote={{ ...quote, totals: result.totals }} caption="What you bought" />
        <Text size="sm">
          A receipt for {formatCurrency(result.totals.totalCents)} is on its way to {email}.{' '}
          <Anchor href={result.receiptUrl} target="_blank" rel="noopener">
            View your receipt
          </Anchor>
        </Text>
        {result.digitalYearbooks?.map((yearbook) => (
          <Alert key={yearbook.code} color="primary" title="Your digital yearbook" aria-label="Your digital yearbook">
            <Stack gap={4}>
              <Text size="sm">
                Access code{' '}
                <strong style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{yearbook.code}</strong> (also on
                your receipt). Anyone with it can read the book.
              </Text>
              <Anchor href={yearbook.url} size="sm">
                Read it on your phone
              </Anchor>
            </Stack>
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
