import { Image, Skeleton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { InvoiceImageActor } from '../../machines/invoices/invoice-image.ts';
import { selectImageUrl } from '../../machines/invoices/selectors.ts';

type Props = { image: InvoiceImageActor | null | undefined; alt: string; h?: number; onClick?: () => void };

/** An invoice image its page's machine loads (the API needs the token an <img> cannot send); a placeholder until it arrives. */
export function InvoiceImage({ image, alt, h, onClick }: Props) {
  if (!image) return <Placeholder alt={alt} h={h} />;
  return <LoadedImage image={image} alt={alt} h={h} onClick={onClick} />;
}

function Placeholder({ alt, h }: { alt: string; h?: number }) {
  return <Skeleton h={h ?? 400} animate={false} aria-label={`${alt} (not loaded)`} />;
}

function LoadedImage({ image, alt, h, onClick }: Props & { image: InvoiceImageActor }) {
  const url = useSelector(image, selectImageUrl);
  if (!url) return <Placeholder alt={alt} h={h} />;
  return <Image src={url} alt={alt} h={h} fit="contain" onClick={onClick} style={onClick ? { cursor: 'zoom-in' } : undefined} />;
}
