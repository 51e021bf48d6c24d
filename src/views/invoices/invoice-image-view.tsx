import { Image, Skeleton } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { invoiceImageMachine } from '../../machines/invoices/invoice-image.ts';
import { InvoiceDetailActor } from './invoice-actors.ts';

type Props = { attachmentId: number; thumbnail: boolean; alt: string; h?: number; onClick?: () => void };

/** An invoice image from its own machine (the API needs the token an <img> cannot send); a placeholder until it arrives. */
export function InvoiceImage({ attachmentId, thumbnail, alt, h, onClick }: Props) {
  // A failure is the invoice page's to report.
  const image = useActorRef(invoiceImageMachine, { input: { attachmentId, thumbnail, page: InvoiceDetailActor.useActorRef() } });
  const url = useSelector(image, (s) => s.context.url);
  if (!url) return <Skeleton h={h ?? 400} animate={false} aria-label={`${alt} (not loaded)`} />;
  return <Image src={url} alt={alt} h={h} fit="contain" onClick={onClick} style={onClick ? { cursor: 'zoom-in' } : undefined} />;
}
