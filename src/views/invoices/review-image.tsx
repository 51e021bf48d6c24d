import { Box, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { InvoiceReviewActor } from '../../machines/invoices/invoice-review.ts';
import { selectReviewImageView, whereText } from '../../machines/invoices/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { InvoiceImage } from './invoice-image-view.tsx';

/** The invoice image beside its lines, the selected line's box drawn over it where it was read. */
export function ReviewImage({ actor }: { actor: InvoiceReviewActor }) {
  const { image, box, line, loader } = useSelector(actor, selectReviewImageView, sameView);
  if (!image) return <Text c="dimmed">No image.</Text>;
  return (
    <Stack gap={4}>
      {/* The image is drawn at its own proportions, so the box's fractions of its size place it. */}
      <Box pos="relative">
        <InvoiceImage image={loader} alt="Invoice page under review" />
        {box && (
          <Box data-testid="line-highlight" aria-hidden style={{
            position: 'absolute', left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.w * 100}%`, height: `${box.h * 100}%`,
            border: '2px solid var(--mantine-color-orange-6)', background: 'rgba(253, 126, 20, 0.15)', borderRadius: 2, pointerEvents: 'none',
          }} />
        )}
      </Box>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="line-where">
        {line === null ? `${image.filename}: select a line to see where it was read.` : box ? `Highlighted: ${line.description || line.itemCode}` : whereText(line)}
      </Text>
    </Stack>
  );
}
